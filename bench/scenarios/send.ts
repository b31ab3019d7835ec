import autocannon from 'autocannon';
import { firstError, graphql, graphqlBody, JSON_HEADERS, send } from '../support/http.js';
import type { BenchContext } from '../support/context.js';
import { cpuTimeOf, withApolloFloor } from '../support/gateway-process.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { ms, percentile, rate, verdict } from '../support/stats.js';
import { countByEndpoint, describeCounts } from '../support/upstream.js';

/** A live cloud channel of the seed (channel-003 is on-premise, every third is). */
const CHANNEL = 'channel-001';
const TO = '+4915112345678';
const MUTATION = `mutation { sendMessage(channelId: "${CHANNEL}", input: { to: "${TO}", text: { body: "bench" } }) { id } }`;
/** The same send as typed reply buttons: the interactive checks and builder on top of the text's path. */
const BUTTONS_MUTATION = `mutation { sendMessage(channelId: "${CHANNEL}", input: { to: "${TO}", buttons: { header: { text: "Order 42" }, body: "Deliver tomorrow?", footer: "Shop", buttons: [{ id: "yes", title: "Yes" }, { id: "no", title: "No" }, { id: "later", title: "Later" }] } }) { id } }`;

export async function sendOverhead(context: BenchContext): Promise<Section> {
  const { iterations, durationSeconds, latencyMs } = context.options;
  const title = '4. Sends: sendMessage against a direct REST call';
  const intro = [
    `\`sendMessage\` (text, cloud channel ${CHANNEL}) through the default gateway against the same B1 call (POST {cloud_url}/messages with SVC-API-KEY) made directly to the simulator (${latencyMs} ms latency on both).`,
    `The floor: Apollo Server alone on the gateway's schema, making the same B1 call from its resolver and answering the same data (bench/floor/apollo-alone.ts).`,
    `Latency: ${iterations} sequential calls each, direct, floor and gateway interleaved so background load hits them alike. Throughput: autocannon, 32 connections, ${durationSeconds} s each.`,
    'Target: gateway p50 − direct p50 ≤ 2 ms.',
    `Typed reply buttons (3 buttons, a header and a footer) are sent through the gateway in the same loop, interleaved with the text sends; target: their p50 within 1.1× the text's.`,
  ];
  const apiKey = [...context.simulator.state.apiKeys].find(([, channelId]) => channelId === CHANNEL)?.[0];
  if (!apiKey) return notAvailableSection(title, intro, `the simulator seed has no key for ${CHANNEL}`);
  const directUrl = `${context.simulator.urls.cloud}/messages`;
  const directHeaders = { ...JSON_HEADERS, 'svc-api-key': apiKey };
  const directBody = JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: TO, type: 'text', text: { body: 'bench' } });

  const directProbe = await send(directUrl, { method: 'POST', headers: directHeaders, body: directBody });
  if (directProbe.status !== 200)
    return notAvailableSection(title, intro, `the simulator answers the direct B1 call with HTTP ${directProbe.status}: ${directProbe.body.slice(0, 160)}`);
  context.simulator.recorder.clear();
  const probe = await graphql(context.warm.graphqlUrl, MUTATION);
  const probeError = firstError(probe.status, probe.result);
  if (probeError) return notAvailableSection(title, intro, probeError);
  const perSend = countByEndpoint(context.simulator.recorder.requests);

  const floorCall = { method: 'POST', path: '/messages', headers: directHeaders, body: directBody };
  const operations = { [MUTATION]: { roundTrips: [[floorCall]], data: probe.result.data ?? {} } };
  return withApolloFloor({ operations, upstream: context.simulator.urls.cloud }, async (floor) => {
    const direct: number[] = [];
    const alone: number[] = [];
    const gateway: number[] = [];
    const buttons: number[] = [];
    for (let run = 0; run < iterations + 3; run += 1) {
      const viaDirect = await send(directUrl, { method: 'POST', headers: directHeaders, body: directBody });
      const viaFloor = await graphql(floor.url, MUTATION);
      const viaGateway = await graphql(context.warm.graphqlUrl, MUTATION);
      const viaButtons = await graphql(context.warm.graphqlUrl, BUTTONS_MUTATION);
      if (viaDirect.status !== 200) return notAvailableSection(title, intro, `direct call failed with HTTP ${viaDirect.status}`);
      const floorError = firstError(viaFloor.status, viaFloor.result);
      if (floorError) return notAvailableSection(title, intro, `Apollo Server alone failed the B1 call: ${floorError}`);
      const error = firstError(viaGateway.status, viaGateway.result);
      if (error) return notAvailableSection(title, intro, `sendMessage failed during the run: ${error}`);
      const buttonsError = firstError(viaButtons.status, viaButtons.result);
      if (buttonsError) return notAvailableSection(title, intro, `sendMessage (reply buttons) failed during the run: ${buttonsError}`);
      if (run >= 3) {
        direct.push(viaDirect.ms);
        alone.push(viaFloor.ms);
        gateway.push(viaGateway.ms);
        buttons.push(viaButtons.ms);
      }
    }

    const throughput = async (url: string, headers: Record<string, string>, body: string, pid: number) => {
      context.simulator.recorder.clear();
      const cpuBefore = cpuTimeOf(pid);
      const result = await autocannon({ url, method: 'POST', headers, body, connections: 32, duration: durationSeconds });
      const serverCpu = (cpuTimeOf(pid) - cpuBefore) / Math.max(1, result.requests.total);
      return { result, serverCpu, upstream: context.simulator.recorder.matching(/^\/cloud\/messages$/, 'POST').length };
    };
    const directRun = await throughput(directUrl, directHeaders, directBody, process.pid);
    const floorRun = await throughput(floor.url, JSON_HEADERS, graphqlBody(MUTATION), floor.pid);
    const gatewayRun = await throughput(context.warm.graphqlUrl, JSON_HEADERS, graphqlBody(MUTATION), context.warm.pid);

    const overhead = percentile(gateway, 50) - percentile(direct, 50);
    const overhead99 = percentile(gateway, 99) - percentile(direct, 99);
    const floorOverhead = percentile(alone, 50) - percentile(direct, 50);
    const buttonsRatio = percentile(buttons, 50) / percentile(gateway, 50);
    const pathRow = (name: string, samples: number[], run: Awaited<ReturnType<typeof throughput>>) => [
      name,
      ms(percentile(samples, 50)),
      ms(percentile(samples, 99)),
      rate(run.result.requests.average),
      `${ms(run.result.latency.p50, 0)} / ${ms(run.result.latency.p99, 0)}`,
      `${run.upstream} / ${run.result.requests.total}`,
      String(run.result.non2xx + run.result.errors),
    ];
    return {
      title,
      intro,
      tables: [
        {
          columns: ['path', 'p50 (sequential)', 'p99 (sequential)', 'requests/s (32 conn.)', 'p50 / p99 (32 conn.)', 'B1 calls / responses', 'errors/non-2xx'],
          rows: [
            pathRow('direct REST (B1)', direct, directRun),
            pathRow('Apollo Server alone: same mutation, B1 call and answer (floor)', alone, floorRun),
            pathRow('gateway sendMessage', gateway, gatewayRun),
          ],
        },
        {
          columns: ['metric', 'measured', 'target'],
          rows: [
            ['overhead at p50 (gateway − direct)', ms(overhead, 2), `≤ 2 ms: ${verdict(overhead <= 2)}`],
            ['overhead at p99', ms(overhead99, 2), '—'],
            [
              'reply buttons p50 / text p50 (gateway, sequential)',
              `${ms(percentile(buttons, 50), 2)} / ${ms(percentile(gateway, 50), 2)} = ${buttonsRatio.toFixed(2)}×`,
              `≤ 1.1×: ${verdict(buttonsRatio <= 1.1)}`,
            ],
            ['floor at p50: Apollo Server alone − direct', ms(floorOverhead, 2), '—'],
            ["the gateway's own share at p50 (gateway − Apollo Server alone)", ms(overhead - floorOverhead, 2), '—'],
            ['gateway CPU per sendMessage (32 conn. run)', ms(gatewayRun.serverCpu, 2), '—'],
            ['Apollo Server alone: CPU per send (32 conn. run)', ms(floorRun.serverCpu, 2), '—'],
            ['upstream calls of one send (first, cold cache)', describeCounts(perSend), "B1×1 (+ A4×1 for the channel's hosting when not cached)"],
          ],
        },
      ],
      notes: [
        `Through the gateway a send is two HTTP exchanges (caller → gateway → simulator) plus the GraphQL pipeline, the channel's route (hosting from the cached channel listing, API key from the key store), the upstream request and a log line: ${ms(gatewayRun.serverCpu, 2)} of gateway CPU per send, so one process tops out near ${rate(1000 / gatewayRun.serverCpu)} on a core of its own.`,
        `Apollo Server alone (bench/floor/apollo-alone.ts) on the gateway's schema, its resolver making the same B1 call with undici and answering the same data, and nothing else (no caller identity, route, key store, body mapping, metrics or logs), is the floor of a send through any gateway built on Apollo Server: ${ms(floorOverhead, 2)} over the direct call${floorOverhead > 2 ? ', already over the target' : ''}. The gateway's own work adds ${ms(overhead - floorOverhead, 2)} to it.`,
        "The direct path has no second hop; at concurrency the gateway's throughput is bounded by its CPU per send, not by the upstream (the simulator serves the direct run several times faster).",
      ],
    };
  });
}
