import autocannon from 'autocannon';
import { firstError, graphql, graphqlBody, JSON_HEADERS, send } from '../support/http.js';
import type { BenchContext } from '../support/context.js';
import { cpuTimeOf } from '../support/gateway-process.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { ms, percentile, rate, verdict } from '../support/stats.js';
import { countByEndpoint, describeCounts } from '../support/upstream.js';

/** A live cloud channel of the seed (channel-003 is on-premise, every third is). */
const CHANNEL = 'channel-001';
const TO = '+4915112345678';
const MUTATION = `mutation { sendMessage(channelId: "${CHANNEL}", input: { to: "${TO}", text: { body: "bench" } }) { id } }`;

export async function sendOverhead(context: BenchContext): Promise<Section> {
  const { iterations, durationSeconds, latencyMs } = context.options;
  const title = '4. Sends: sendMessage against a direct REST call';
  const intro = [
    `\`sendMessage\` (text, cloud channel ${CHANNEL}) through the default gateway against the same B1 call (POST {cloud_url}/messages with SVC-API-KEY) made directly to the simulator (${latencyMs} ms latency on both).`,
    `Latency: ${iterations} sequential calls each, direct and gateway interleaved so background load hits both alike. Throughput: autocannon, 32 connections, ${durationSeconds} s each.`,
    'Target: gateway p50 − direct p50 ≤ 2 ms.',
  ];
  const apiKey = [...context.simulator.state.apiKeys].find(([, channelId]) => channelId === CHANNEL)?.[0];
  if (!apiKey) return notAvailableSection(title, intro, `the simulator seed has no key for ${CHANNEL}`);
  const directUrl = `${context.simulator.urls.cloud}/messages`;
  const directHeaders = { ...JSON_HEADERS, 'svc-api-key': apiKey };
  const directBody = JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: TO, type: 'text', text: { body: 'bench' } });

  const directProbe = await send(directUrl, { method: 'POST', headers: directHeaders, body: directBody });
  if (directProbe.status !== 200) return notAvailableSection(title, intro, `the simulator answers the direct B1 call with HTTP ${directProbe.status}: ${directProbe.body.slice(0, 160)}`);
  context.simulator.recorder.clear();
  const probe = await graphql(context.warm.graphqlUrl, MUTATION);
  const probeError = firstError(probe.status, probe.result);
  if (probeError) return notAvailableSection(title, intro, probeError);
  const perSend = countByEndpoint(context.simulator.recorder.requests);

  const direct: number[] = [];
  const gateway: number[] = [];
  for (let run = 0; run < iterations + 3; run += 1) {
    const viaDirect = await send(directUrl, { method: 'POST', headers: directHeaders, body: directBody });
    const viaGateway = await graphql(context.warm.graphqlUrl, MUTATION);
    if (viaDirect.status !== 200) return notAvailableSection(title, intro, `direct call failed with HTTP ${viaDirect.status}`);
    const error = firstError(viaGateway.status, viaGateway.result);
    if (error) return notAvailableSection(title, intro, `sendMessage failed during the run: ${error}`);
    if (run >= 3) {
      direct.push(viaDirect.ms);
      gateway.push(viaGateway.ms);
    }
  }

  const throughput = async (url: string, headers: Record<string, string>, body: string) => {
    context.simulator.recorder.clear();
    const cpuBefore = cpuTimeOf(context.warm.pid);
    const result = await autocannon({ url, method: 'POST', headers, body, connections: 32, duration: durationSeconds });
    const gatewayCpu = (cpuTimeOf(context.warm.pid) - cpuBefore) / Math.max(1, result.requests.total);
    return { result, gatewayCpu, upstream: context.simulator.recorder.matching(/^\/cloud\/messages$/, 'POST').length };
  };
  const directRun = await throughput(directUrl, directHeaders, directBody);
  const gatewayRun = await throughput(context.warm.graphqlUrl, JSON_HEADERS, graphqlBody(MUTATION));

  const overhead = percentile(gateway, 50) - percentile(direct, 50);
  const overhead99 = percentile(gateway, 99) - percentile(direct, 99);
  return {
    title,
    intro,
    tables: [
      {
        columns: ['path', 'p50 (sequential)', 'p99 (sequential)', 'requests/s (32 conn.)', 'p50 / p99 (32 conn.)', 'B1 calls / responses', 'errors/non-2xx'],
        rows: [
          [
            'direct REST (B1)',
            ms(percentile(direct, 50)),
            ms(percentile(direct, 99)),
            rate(directRun.result.requests.average),
            `${ms(directRun.result.latency.p50, 0)} / ${ms(directRun.result.latency.p99, 0)}`,
            `${directRun.upstream} / ${directRun.result.requests.total}`,
            String(directRun.result.non2xx + directRun.result.errors),
          ],
          [
            'gateway sendMessage',
            ms(percentile(gateway, 50)),
            ms(percentile(gateway, 99)),
            rate(gatewayRun.result.requests.average),
            `${ms(gatewayRun.result.latency.p50, 0)} / ${ms(gatewayRun.result.latency.p99, 0)}`,
            `${gatewayRun.upstream} / ${gatewayRun.result.requests.total}`,
            String(gatewayRun.result.non2xx + gatewayRun.result.errors),
          ],
        ],
      },
      {
        columns: ['metric', 'measured', 'target'],
        rows: [
          ['overhead at p50 (gateway − direct)', ms(overhead, 2), `≤ 2 ms: ${verdict(overhead <= 2)}`],
          ['overhead at p99', ms(overhead99, 2), '—'],
          ['gateway CPU per sendMessage (32 conn. run)', ms(gatewayRun.gatewayCpu, 2), '—'],
          ['upstream calls of one send (first, cold cache)', describeCounts(perSend), 'B1×1 (+ A4×1 for the channel\'s hosting when not cached)'],
        ],
      },
    ],
    notes: [
      `Through the gateway a send is two HTTP exchanges (caller → gateway → simulator) plus the GraphQL pipeline, the channel's route (hosting from the cached channel listing, API key from the key store), the upstream request and a log line: ${ms(gatewayRun.gatewayCpu, 2)} of gateway CPU per send, so one process tops out near ${rate(1000 / gatewayRun.gatewayCpu)} on a core of its own.`,
      'The direct path has no second hop; at concurrency the gateway\'s throughput is bounded by its CPU per send, not by the upstream (the simulator serves the direct run several times faster).',
    ],
  };
}
