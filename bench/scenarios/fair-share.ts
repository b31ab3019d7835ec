import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import type { BenchContext } from '../support/context.js';
import { seedState } from '../../simulator/seed.js';
import { BENCH_KEYSTORE_SECRET, cpuTimeOf, memoryOf, startGatewayProcess, startSimulatorProcess } from '../support/gateway-process.js';
import { firstError, graphql, graphqlBody, send } from '../support/http.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { mb, median, ms, percentile, verdict } from '../support/stats.js';
import {
  bearer,
  DISTINCT_READERS,
  HEAVY_QUERY,
  HEAVY_TENANTS,
  HOSTILE,
  OVER_COST_QUERY,
  PATTERNS,
  runPatternApart,
  type Statuses,
} from './hostile-patterns.js';
import { CHANNEL, notification, subscribe } from './webhooks.js';
import { freePort } from '../../test/support/free-port.mjs';

const TITLE = '12. Fair share: hostile callers beside a well-behaved one';
/** Seconds of each phase: the well-behaved caller alone, then beside one hostile pattern. */
const PHASE_S = 10;
/**
 * Rounds of the two phases per pattern. The p99 of 2,000 answers (10 s at 200/s) moves by a few
 * milliseconds with the host from one phase to the next, as much as a pattern's whole effect: the
 * ratio reported is the median of the rounds' ratios, each round's beside against its own alone.
 */
const ROUNDS = 3;

/** A simple cached query at a steady rate, as an inbox polling its channel list would send it. */
const WELL_BEHAVED = {
  token: 'well-behaved-caller',
  query: '{ partner { channels(limit: 10) { total nodes { id hubStatus } } } }',
  connections: 2,
  rate: 200,
};
const SUBSCRIBER = 'subscriber';

/** The in-process store's bound in this run, smaller than the default 64 MiB so a phase of distinct reads passes it several times. */
const STORE_MAX_MB = 16;
/** Apollo's parsed documents, smaller than the default 16 MiB for the same reason: the inline distinct reads pass it within the phase. */
const DOCUMENT_CACHE_MAX_MB = 4;
const LISTING_TTL_MS = 10_000;
/** The listing TTL, the store's 30 s sweep, and a margin. */
const AFTER_TTLS_MS = LISTING_TTL_MS + 30_000 + 5_000;

/** The well-behaved caller's answer times (unrounded) for `seconds`, and its failures. */
async function wellBehaved(url: string, seconds: number): Promise<{ samples: number[]; failed: number }> {
  const samples: number[] = [];
  let failed = 0;
  const instance = autocannon({
    url,
    method: 'POST',
    headers: bearer(WELL_BEHAVED.token),
    body: graphqlBody(WELL_BEHAVED.query),
    connections: WELL_BEHAVED.connections,
    overallRate: WELL_BEHAVED.rate,
    duration: seconds,
  });
  instance.on('response', (_client, status, _bytes, responseTimeMs) => {
    samples.push(responseTimeMs);
    if (status !== 200) failed += 1;
  });
  const result = await instance;
  return { samples, failed: failed + result.errors + result.timeouts };
}

interface ProbeSamples {
  health: number[];
  ack: number[];
  delivery: number[];
  lost: number;
}

const emptyProbeSamples = (): ProbeSamples => ({ health: [], ack: [], delivery: [], lost: 0 });

/** One round of a pattern: the well-behaved caller alone, then beside it, and the gateway's CPU in each. */
interface Round {
  alone: { samples: number[]; failed: number };
  beside: { samples: number[]; failed: number };
  cpuAlone: number;
  cpuBeside: number;
  /** p99 beside / p99 alone. */
  ratio: number;
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * The routes that must not starve under GraphQL load, one round after the other: GET /healthz, a
 * webhook notification's acknowledgement, and its delivery to a graphql-ws subscriber (POST start
 * to the event). Samples go to the phase set last.
 */
async function startProbe(baseUrl: string, phoneNumber: string) {
  const waiting = new Map<string, (at: number) => void>();
  const subscription = await subscribe(`${baseUrl}/graphql`, (id) => waiting.get(id)?.(performance.now()), { authorization: `Bearer ${SUBSCRIBER}` });
  const receiver = `${baseUrl}/webhooks/${CHANNEL}`;
  const headers = { 'content-type': 'application/json', authorization: webhookAuthorization(BENCH_KEYSTORE_SECRET, CHANNEL) };
  let phase = emptyProbeSamples();
  let stopped = false;
  let round = 0;
  const run = (async () => {
    while (!stopped) {
      const samples = phase;
      samples.health.push((await send(`${baseUrl}/healthz`)).ms);
      const id = `wamid.bench-fair-share-${Date.now()}-${(round += 1)}`;
      const arrived = new Promise<number | null>((resolve) => {
        waiting.set(id, resolve);
        setTimeout(() => resolve(null), 2_000);
      });
      const started = performance.now();
      const ack = await send(receiver, { method: 'POST', headers, body: notification(id, phoneNumber) });
      if (ack.status === 200) samples.ack.push(ack.ms);
      const at = await arrived;
      waiting.delete(id);
      if (at === null) samples.lost += 1;
      else samples.delivery.push(at - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    /** From now on, samples go to `samples` (a phase's, added to over its rounds). */
    phase(samples: ProbeSamples): void {
      phase = samples;
    },
    async stop() {
      stopped = true;
      await run;
      subscription.stop();
      await subscription.client.dispose();
    },
  };
}

/** A full garbage collection in the gateway through its inspector (as the issue measured: heap after a forced GC), then its heap and RSS. */
async function collectedMemory(inspectorPort: number, baseUrl: string, pid: number): Promise<{ heapUsed: number; rss: number }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { id?: number }).id === 1) resolve();
    });
    socket.once('error', reject);
  });
  socket.close();
  const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
  const heapUsed = Number(/^hubgraph_nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(metrics)?.[1] ?? Number.NaN);
  return { heapUsed, rss: memoryOf(pid).rss };
}

const describeStatuses = (statuses: Statuses) =>
  Object.entries(statuses)
    .sort(([, a], [, b]) => b - a)
    .map(([status, count]) => `${status}: ${count.toLocaleString('en-US')}`)
    .join(', ') || 'none';

const probeCells = (samples: ProbeSamples) => [
  ms(percentile(samples.health, 99)),
  ms(percentile(samples.ack, 99)),
  ms(percentile(samples.delivery, 99)),
  String(samples.delivery.length + samples.lost),
  String(samples.lost),
];

export async function hostileCallers(context: BenchContext): Promise<Section> {
  const intro = [
    `One gateway process and the simulator in another (no Redis: the in-process store, \`CACHE_MEMORY_MAX_MB=${STORE_MAX_MB}\`, \`DOCUMENT_CACHE_MAX_MB=${DOCUMENT_CACHE_MAX_MB}\`, listings cached ${LISTING_TTL_MS / 1000} s; otherwise the defaults, GATEWAY_TOKENS naming each caller).`,
    `The well-behaved caller sends \`${WELL_BEHAVED.query}\` (cached, cost 21) at ${WELL_BEHAVED.rate} requests/s over ${WELL_BEHAVED.connections} connections (autocannon, its own token).`,
    `Each hostile pattern runs for ${PHASE_S} s beside it, right after ${PHASE_S} s of the well-behaved caller alone (its baseline for that round), in ${ROUNDS} rounds; p99 from unrounded answer times, and the ratio is the median of the rounds' ratios (each round's in brackets; the p50 and p99 shown are the medians of the rounds'). The probe's percentiles and the hostile caller's answers are over all rounds.`,
    'Throughout, a probe loops over GET /healthz, a webhook notification to the receiver and its delivery to a graphql-ws subscriber of `messageReceived`.',
    'Targets: the well-behaved p99 within 2× of its baseline beside accepted heavy work, within 1.5× beside refused input, no failed answer;',
    `after distinct-key reads and the TTLs, the gateway's RSS (and heap, after a GC forced through its inspector) grown by no more than the bounds of what those reads fill, the store's and the parsed documents' (${STORE_MAX_MB} + ${DOCUMENT_CACHE_MAX_MB} MiB).`,
  ];
  const inspectorPort = await freePort();
  const upstream = await startSimulatorProcess(context.options.latencyMs);
  const gateway = await startGatewayProcess(upstream, {
    env: {
      GATEWAY_TOKENS: [WELL_BEHAVED.token, ...HEAVY_TENANTS, HOSTILE, ...DISTINCT_READERS, SUBSCRIBER].join(','),
      CACHE_MEMORY_MAX_MB: String(STORE_MAX_MB),
      DOCUMENT_CACHE_MAX_MB: String(DOCUMENT_CACHE_MAX_MB),
      CACHE_TTL_LISTING_MS: String(LISTING_TTL_MS),
    },
    execArgv: [`--inspect=127.0.0.1:${inspectorPort}`, ...context.gatewayExecArgv('fair-share')],
  }).catch(async (error: unknown) => {
    await upstream.stop();
    throw error;
  });
  let probe: Awaited<ReturnType<typeof startProbe>> | undefined;
  try {
    const url = gateway.graphqlUrl;
    const check = async (query: string, expectCode?: string) => {
      const answer = await graphql<unknown>(url, query, undefined, { authorization: `Bearer ${WELL_BEHAVED.token}` });
      const error = firstError(answer.status, answer.result);
      if (expectCode ? !error?.startsWith(expectCode) : error) throw new Error(`${query.slice(0, 60)}…: ${error ?? 'accepted'}`);
    };
    try {
      await check(WELL_BEHAVED.query);
      await check(HEAVY_QUERY);
      await check(OVER_COST_QUERY, 'GRAPHQL_VALIDATION_FAILED');
      // The channel's upstream webhook points at this gateway, so its events are served to subscribers.
      await check(`mutation { connectWebhookToGateway(channelId: "${CHANNEL}") { url } }`);
      probe = await startProbe(gateway.baseUrl, seedState().channels.get(CHANNEL)?.setup_info?.phone_number ?? '');
    } catch (error) {
      return notAvailableSection(TITLE, intro, (error as Error).message);
    }
    await wellBehaved(url, 2);

    const ratioRows: string[][] = [];
    const probeRows: string[][] = [];
    const memoryRows: string[][] = [];
    for (const [index, pattern] of PATTERNS.entries()) {
      if (context.options.patterns.size > 0 && !context.options.patterns.has(index + 1)) continue;
      process.stderr.write(`bench:   ${pattern.label}\n`);
      const aloneProbe = emptyProbeSamples();
      const besideProbe = emptyProbeSamples();
      const rounds: Round[] = [];
      let memoryBefore: { heapUsed: number; rss: number } | null = null;
      let rssBefore = 0;
      const statuses: Statuses = {};
      for (let round = 0; round < ROUNDS; round += 1) {
        probe.phase(aloneProbe);
        const cpuBeforeAlone = cpuTimeOf(gateway.pid);
        const alone = await wellBehaved(url, PHASE_S);
        const cpuAlone = cpuTimeOf(gateway.pid) - cpuBeforeAlone;
        if (round === 0) {
          memoryBefore = pattern.accepted ? await collectedMemory(inspectorPort, gateway.baseUrl, gateway.pid) : null;
          rssBefore = memoryOf(gateway.pid).rss;
        }
        probe.phase(besideProbe);
        const cpuBeforeBeside = cpuTimeOf(gateway.pid);
        const [beside, answered] = await Promise.all([wellBehaved(url, PHASE_S), runPatternApart(index, url, PHASE_S)]);
        const cpuBeside = cpuTimeOf(gateway.pid) - cpuBeforeBeside;
        for (const [status, count] of Object.entries(answered)) statuses[status] = (statuses[status] ?? 0) + count;
        rounds.push({ alone, beside, cpuAlone, cpuBeside, ratio: percentile(beside.samples, 99) / percentile(alone.samples, 99) });
      }
      const rssAfter = memoryOf(gateway.pid).rss;
      const ratios = rounds.map((round) => round.ratio);
      const ratio = median(ratios);
      const failedBeside = sum(rounds.map((round) => round.beside.failed));
      const goal = pattern.accepted ? 2 : 1.5;
      const medianMs = (pick: (round: Round) => number) => ms(median(rounds.map(pick)));
      ratioRows.push([
        pattern.label,
        describeStatuses(statuses),
        `${medianMs((round) => percentile(round.alone.samples, 50))} / ${medianMs((round) => percentile(round.alone.samples, 99))}`,
        `${medianMs((round) => percentile(round.beside.samples, 50))} / ${medianMs((round) => percentile(round.beside.samples, 99))}`,
        `${ratio.toFixed(2)}× (${ratios.map((one) => `${one.toFixed(2)}×`).join(', ')})`,
        `${sum(rounds.map((round) => round.alone.failed))} / ${failedBeside}`,
        `${Math.round(sum(rounds.map((round) => round.cpuAlone)) / (ROUNDS * PHASE_S))} → ${Math.round(sum(rounds.map((round) => round.cpuBeside)) / (ROUNDS * PHASE_S))} ms/s`,
        `≤ ${goal}×, none failed: ${verdict(ratio <= goal && failedBeside === 0)}`,
        `${mb(rssBefore)} → ${mb(rssAfter)}`,
      ]);
      probeRows.push([`alone, before ${pattern.name}`, ...probeCells(aloneProbe)], [`beside ${pattern.name}`, ...probeCells(besideProbe)]);
      if (memoryBefore) {
        const atEnd = await collectedMemory(inspectorPort, gateway.baseUrl, gateway.pid);
        let afterTtls = atEnd;
        if (pattern.growsStore) {
          await new Promise((resolve) => setTimeout(resolve, AFTER_TTLS_MS));
          afterTtls = await collectedMemory(inspectorPort, gateway.baseUrl, gateway.pid);
        }
        const bound = (STORE_MAX_MB + DOCUMENT_CACHE_MAX_MB) * 1024 * 1024;
        const grown = Math.max(afterTtls.rss - memoryBefore.rss, afterTtls.heapUsed - memoryBefore.heapUsed);
        memoryRows.push([
          pattern.name,
          `${mb(memoryBefore.rss)} / ${mb(memoryBefore.heapUsed)}`,
          `${mb(atEnd.rss)} / ${mb(atEnd.heapUsed)}`,
          afterTtls === atEnd ? '–' : `${mb(afterTtls.rss)} / ${mb(afterTtls.heapUsed)}`,
          `growth ≤ ${mb(bound)}: ${verdict(grown <= bound)}`,
        ]);
      }
    }
    return {
      title: TITLE,
      intro,
      tables: [
        {
          columns: [
            'hostile pattern',
            'its answers',
            'well-behaved alone p50 / p99',
            'beside p50 / p99',
            'p99 ratio',
            'failed alone / beside',
            'gateway CPU alone → beside',
            'target',
            'gateway RSS before → after',
          ],
          rows: ratioRows,
        },
        {
          columns: ['phase', '/healthz p99', 'webhook ack p99', 'delivery to the subscriber p99', 'notifications', 'not delivered within 2 s'],
          rows: probeRows,
        },
        {
          columns: ['accepted pattern', 'RSS / heap before (after a forced GC)', 'at its end', `${AFTER_TTLS_MS / 1000} s later (TTLs and a sweep)`, 'target'],
          rows: memoryRows,
        },
      ],
      notes: [
        ...(context.options.patterns.size > 0 ? [`Only the patterns numbered ${[...context.options.patterns].join(', ')} (BENCH_PATTERNS) ran.`] : []),
        "Each hostile pattern runs in a process of its own (bench/scenarios/hostile-patterns.ts) at the lowest CPU priority (nice 19), so building and sending its bodies never holds the bench process that times the well-behaved caller and the probe, and the ratio measures what the gateway spends on the hostile caller rather than the CPU its load generator takes on the same two cores (a remote attacker's machine would not take the gateway's); the kernel's share of moving its bytes over loopback is still the gateway's host's.",
        "The heavy queries' listings come from the cache after the first: their cost is in the gateway's own work (five pages mapped, 70 channel nodes completed per answer), and each tenant's budget (MAX_COST_PER_SECOND_PER_CALLER, 20,000) accepts four of them a second; the rest are RATE_LIMITED (429).",
        "Distinct-key reads each miss the cache and make one upstream call (the simulated latency); each is charged its estimate (11) and, once it ran, UPSTREAM_CALL_COST (250) for that call, so each caller's budget (20,000 a second) holds it to about 76 reads a second, the rest RATE_LIMITED (429) and held at the door until the budget refills. The inline half also fill Apollo's parsed-document cache as the listings fill the store: the memory target is the sum of both bounds.",
        "The simulator runs in a process of its own here (`npm run simulator`, same seed and latency), as a real upstream would not share the bench process that times the well-behaved caller: before, the hostile reads' upstream calls were answered on that process's event loop.",
        "The gateway's CPU (user and system time from /proc, per second of each phase) is what the well-behaved caller and the probe cost it alone, and with the hostile traffic beside them: unlike the p99 ratio, it hardly moves with what else runs on the machine.",
        "Refused input is charged to the hostile caller's budget (MAX_QUERY_COST, and as much again per MiB of body read past the first; a body refused by its Content-Length as one read to the limit), so it gets a few refusals a second (413, 400) and is otherwise refused at the door: 429 from its headers alone, held until its budget refills (so one answer per connection a second), its body unread and, when larger than 64 KiB or chunked, its connection closed after the answer (the 'connection errors' and 'cut without an answer' are those closings seen while it was still sending).",
      ],
    };
  } finally {
    await probe?.stop();
    await gateway.stop();
    await upstream.stop();
  }
}
