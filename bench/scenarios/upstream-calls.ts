import { performance } from 'node:perf_hooks';
import { SIM_PARTNERS } from '../../simulator/seed.js';
import { graphql, firstError, send } from '../support/http.js';
import { settle, type BenchContext } from '../support/context.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { ms, percentile, verdict } from '../support/stats.js';
import { countByEndpoint, describeCounts, toReplay, total, type RecordedOperation, type ReplayRequest } from '../support/upstream.js';
import { startPassThrough, withApolloFloor, type GatewayProcess } from '../support/gateway-process.js';
import { upstreamClientCost } from './upstream-client.js';

/** A representative operation, the upstream calls it cannot do without, and its critical path. */
interface Operation {
  name: string;
  query: string;
  variables?: () => Record<string, unknown>;
  minimum: Record<string, number>;
  reason: string;
  /** Upstream round trips that must happen one after the other. */
  sequentialRoundTrips: number;
}

let mutationCounter = 0;

const OPERATIONS: Operation[] = [
  {
    name: 'client(id) (baseline)',
    query: '{ client(id: "client-001") { id name status contactInfo { email } } }',
    minimum: { A1: 1 },
    reason: 'A1 filtered by id is the only way to read one client',
    sequentialRoundTrips: 1,
  },
  {
    name: 'partner → clients(3) → channels → client',
    query: '{ partner { id clients(limit: 3) { total nodes { id name channels { total nodes { id hubStatus hosting phoneNumber client { id name } } } } } } }',
    minimum: { A1: 1, A4: 3 },
    reason:
      'one A1 page; A4 filters match one client_id per call, so one A4 per client; channel.client and hosting come from the A1 page and the A4 records (0 calls)',
    sequentialRoundTrips: 2,
  },
  {
    name: 'channels(5) with usage',
    query: '{ partner { channels(limit: 5) { nodes { id displayName usage(granularity: MONTH) { currency totals { quantity totalPrice } } } } } }',
    minimum: { A4: 1, A3: 5 },
    reason: 'one A4 page; A3 is per channel and has no batch form, so one A3 per listed channel, all in parallel',
    sequentialRoundTrips: 2,
  },
  {
    name: '_entities: 6 Channel refs (1 duplicate) + 3 Client refs',
    query:
      'query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Channel { id hubStatus hosting displayName } ... on Client { id name } } }',
    variables: () => ({
      representations: [
        ...['channel-001', 'channel-002', 'channel-003', 'channel-004', 'channel-005', 'channel-001'].map((id) => ({ __typename: 'Channel', id })),
        ...['client-001', 'client-002', 'client-003'].map((id) => ({ __typename: 'Client', id })),
      ],
    }),
    minimum: { A4: 5, A1: 3 },
    reason:
      'A1/A4 filter on one id per call (no id-list filter in §4.1), so one call per distinct entity; the duplicate reference must not add a call; all in parallel',
    sequentialRoundTrips: 1,
  },
  {
    name: 'updateClient (A7)',
    query: 'mutation ($payload: String!) { updateClient(clientId: "client-002", input: { partnerPayload: $payload }) { id partnerPayload maxChannels } }',
    variables: () => ({ payload: `bench-${(mutationCounter += 1)}` }),
    minimum: { A7: 1 },
    reason: 'A7 answers with the updated client, so no read is needed for the selection',
    sequentialRoundTrips: 1,
  },
];

interface CallsRow {
  name: string;
  counts: Record<string, number> | null;
  error: string | null;
}

async function countCalls(context: BenchContext, gateway: GatewayProcess, operation: Operation): Promise<CallsRow> {
  const { recorder } = context.simulator;
  recorder.clear();
  const { status, result } = await graphql(gateway.graphqlUrl, operation.query, operation.variables?.());
  await settle(context);
  const error = firstError(status, result);
  return { name: operation.name, counts: error ? null : countByEndpoint(recorder.requests), error };
}

function matchesMinimum(counts: Record<string, number>, minimum: Record<string, number>): boolean {
  const ids = new Set([...Object.keys(counts), ...Object.keys(minimum)]);
  return [...ids].every((id) => (counts[id] ?? 0) === (minimum[id] ?? 0));
}

/** The read → read → mutation → read sequence on the caching gateway: cache use and invalidation. */
async function mutationThenRead(context: BenchContext): Promise<string[][]> {
  const read = '{ client(id: "client-004") { id partnerPayload } }';
  const payload = `bench-after-mutation-${Date.now()}`;
  const steps: Array<{ name: string; query: string; minimum: Record<string, number>; reason: string }> = [
    { name: 'client(id) read, cold cache', query: read, minimum: { A1: 1 }, reason: 'nothing cached yet' },
    { name: 'same read again', query: read, minimum: {}, reason: 'served from the listing cache (CACHE_TTL_LISTING_MS)' },
    {
      name: 'updateClient (A7)',
      query: `mutation { updateClient(clientId: "client-004", input: { partnerPayload: "${payload}" }) { id partnerPayload } }`,
      minimum: { A7: 1 },
      reason: 'the write itself; its answer is the updated client',
    },
    { name: 'same read after the mutation', query: read, minimum: { A1: 1 }, reason: 'the mutation invalidated the cached listing; the read must be fresh' },
  ];
  const rows: string[][] = [];
  let failed: string | null = null;
  for (const step of steps) {
    if (failed) {
      rows.push([`mutation → read: ${step.name}`, `not available: ${failed}`, describeCounts(step.minimum), step.reason, '—']);
      continue;
    }
    const { recorder } = context.simulator;
    recorder.clear();
    const { status, result } = await graphql<{ client: { partnerPayload: string | null } | null }>(context.warm.graphqlUrl, step.query);
    await settle(context);
    const error = firstError(status, result);
    if (error) {
      rows.push([`mutation → read: ${step.name}`, `not available: ${error}`, describeCounts(step.minimum), step.reason, '—']);
      failed = `an earlier step failed (${error})`;
      continue;
    }
    const counts = countByEndpoint(recorder.requests);
    let met = matchesMinimum(counts, step.minimum);
    let measured = describeCounts(counts);
    if (step === steps[3]) {
      const fresh = result.data?.client?.partnerPayload === payload;
      met &&= fresh;
      measured += fresh ? ' (answer shows the new value)' : ' (answer is STALE)';
    }
    rows.push([`mutation → read: ${step.name}`, measured, describeCounts(step.minimum), step.reason, verdict(met)]);
  }
  return rows;
}

export async function upstreamCalls(context: BenchContext): Promise<Section> {
  const title = '1. Upstream calls per operation';
  const intro = [
    'Counted at the simulator (its request recorder) for one execution of each operation. Rows 1–5 run on a gateway with every cache TTL at 0,',
    'so each count is the full cost of the operation; the mutation → read rows run on the default (caching) gateway.',
    'Target: calls = the minimum for every operation.',
  ];
  const rows: string[][] = [];
  for (const operation of OPERATIONS) {
    const row = await countCalls(context, context.cold, operation);
    if (!row.counts) {
      rows.push([operation.name, `not available: ${row.error}`, describeCounts(operation.minimum), operation.reason, '—']);
      continue;
    }
    const met = matchesMinimum(row.counts, operation.minimum);
    rows.push([
      operation.name,
      `${describeCounts(row.counts)} = ${total(row.counts)}`,
      `${describeCounts(operation.minimum)} = ${total(operation.minimum)}`,
      operation.reason,
      verdict(met),
    ]);
  }
  rows.push(...(await mutationThenRead(context)));
  return {
    title,
    intro,
    tables: [{ columns: ['operation', 'upstream calls', 'minimum', 'why this is the minimum', 'target'], rows }],
    notes: [],
  };
}

interface Reference {
  row: string[];
  p50: number;
}

/** A reference row (no target): `added` is the difference to the direct call, when there is one. */
function referenceRow(name: string, roundTrips: number, latencyMs: number, samples: number[], direct?: number): Reference {
  const p50 = percentile(samples, 50);
  const p99 = percentile(samples, 99);
  const path = roundTrips * latencyMs;
  const ratio = path > 0 ? `${(p50 / path).toFixed(2)} / ${(p99 / path).toFixed(2)}` : '—';
  const added = direct === undefined ? (path > 0 ? '—' : ms(p50)) : ms(p50 - direct);
  return { row: [name, String(roundTrips), ms(path, 0), ms(p50), ms(p99), ratio, '—', ms(direct ?? (path > 0 ? p50 : 0)), '—', added, '—'], p50 };
}

function unavailableRow(name: string, roundTrips: number, latencyMs: number, error: string): Reference {
  return { row: [name, String(roundTrips), ms(roundTrips * latencyMs, 0), `not available: ${error}`, '', '', '', '', '', '', '—'], p50: Number.NaN };
}

/**
 * One A1 call straight to the simulator (what a single upstream round trip costs without the
 * gateway), or through another process at `origin` that forwards the same path to the simulator.
 */
async function a1Reference(context: BenchContext, name: string, origin?: string, direct?: number): Promise<Reference> {
  const { latencyMs, iterations } = context.options;
  const partner = SIM_PARTNERS[0];
  const root = origin ? context.simulator.urls.partner.replace(/^https?:\/\/[^/]+/, origin) : context.simulator.urls.partner;
  const url = `${root}/partners/${partner.id}/clients?filters=${encodeURIComponent('{"id":"client-001"}')}`;
  const samples: number[] = [];
  for (let run = 0; run < iterations + 3; run += 1) {
    const answer = await send(url, { headers: { authorization: `Bearer ${partner.token}` } });
    if (answer.status !== 200) return unavailableRow(name, 1, latencyMs, `HTTP ${answer.status}`);
    if (run >= 3) samples.push(answer.ms);
  }
  return referenceRow(name, 1, latencyMs, samples, direct);
}

/** The same A1 call through bench/floor/pass-through.ts: the cost of one more process hop, nothing else. */
async function passThroughReference(context: BenchContext, direct: number): Promise<Reference> {
  const passThrough = await startPassThrough(context.simulator.baseUrl());
  try {
    return await a1Reference(context, 'A1 through a bare node:http pass-through process (reference: one more hop, no GraphQL)', passThrough.url, direct);
  } finally {
    await passThrough.stop();
  }
}

/**
 * `{ __typename }` sent one after the other (no resolver, no upstream call: a server's fixed cost
 * per request) to the gateway and to Apollo Server alone, alternately, so a host whose speed
 * drifts hits both alike.
 */
async function fixedCosts(context: BenchContext, floorUrl: string): Promise<{ gateway: Reference; framework: Reference }> {
  const { latencyMs, iterations } = context.options;
  const targets = [
    { name: '`{ __typename }` (reference: no upstream call)', url: context.cold.graphqlUrl, samples: [] as number[], error: null as string | null },
    {
      name: '`{ __typename }` on Apollo Server alone (reference: the framework, no gateway code)',
      url: floorUrl,
      samples: [] as number[],
      error: null as string | null,
    },
  ];
  for (let run = 0; run < iterations + 3; run += 1) {
    for (const target of targets) {
      const { status, ms: elapsed, result } = await graphql(target.url, '{ __typename }');
      target.error ??= firstError(status, result);
      if (run >= 3) target.samples.push(elapsed);
    }
  }
  const [gateway, framework] = targets.map(({ name, samples, error }) =>
    error ? unavailableRow(name, 0, latencyMs, error) : referenceRow(name, 0, latencyMs, samples),
  );
  return { gateway: gateway, framework: framework };
}

/**
 * One execution of the operation on the gateway: the upstream requests it made (as the simulator
 * recorded them) as round trips (with a critical path of 2, the first request, then the rest in
 * parallel; of 1, all in parallel) and the data it answered.
 */
async function record(context: BenchContext, operation: Operation): Promise<RecordedOperation> {
  const { recorder } = context.simulator;
  recorder.clear();
  const { result } = await graphql(context.cold.graphqlUrl, operation.query, operation.variables?.());
  await settle(context);
  const recorded = recorder.requests.map(toReplay);
  return {
    roundTrips: operation.sequentialRoundTrips === 2 ? [recorded.slice(0, 1), recorded.slice(1)] : [recorded],
    data: result.data ?? {},
  };
}

/** The round trips sent straight from the bench: the operation's cost at the upstream without any process in between. */
async function sendDirectly(context: BenchContext, roundTrips: ReplayRequest[][]): Promise<number> {
  const started = performance.now();
  for (const calls of roundTrips) {
    await Promise.all(
      calls.map((call) =>
        send(`${context.simulator.baseUrl()}${call.path}`, { method: call.method, headers: call.headers, ...(call.body !== undefined && { body: call.body }) }),
      ),
    );
  }
  return performance.now() - started;
}

interface Timed {
  samples: number[];
  error: string | null;
}

async function timedGraphql(target: Timed, url: string, query: string, variables: Record<string, unknown> | undefined, keep: boolean): Promise<void> {
  if (target.error) return;
  const { status, ms: elapsed, result } = await graphql(url, query, variables);
  target.error = firstError(status, result);
  if (keep) target.samples.push(elapsed);
}

export async function criticalPath(context: BenchContext): Promise<Section> {
  const { latencyMs, iterations } = context.options;
  const title = '2. Latency against the critical path';
  const intro = [
    `Simulator latency ${latencyMs} ms per upstream request. Each operation runs ${iterations} times one after the other (after 3 warm-up runs) on the gateway with caches off;`,
    'the critical path is the number of upstream round trips that must happen in sequence × the latency. The upstream requests one execution of the operation made',
    '(recorded at the simulator) are also sent straight from the bench in the same shape (round trips in sequence, the requests of one in parallel), and made by',
    "Apollo Server alone in its own process (bench/floor/apollo-alone.ts): the same query on the gateway's schema, the same calls from its resolvers (undici, JSON parse),",
    "the data the gateway answered, completed by graphql-js's default resolvers. The three are timed alternately, request by request,",
    "so a host whose speed drifts hits them alike: gateway − direct is what the gateway adds; gateway − Apollo alone is what the gateway's own code adds to what any",
    'gateway built on Apollo Server needs for those calls.',
    'Target: p50 ≤ 1.1 × critical path + 2 ms.',
  ];
  if (latencyMs === 0) return notAvailableSection(title, intro, 'BENCH_LATENCY_MS=0 leaves no critical path to compare with');
  const direct = await a1Reference(context, 'direct A1 call to the simulator (reference, no gateway)');
  const hop = await passThroughReference(context, direct.p50);
  const operations: Record<string, RecordedOperation> = {};
  for (const operation of OPERATIONS) operations[operation.query] = await record(context, operation);

  return withApolloFloor({ operations, upstream: context.simulator.baseUrl() }, async (floor) => {
    const { gateway: fixed, framework } = await fixedCosts(context, floor.url);
    const rows: string[][] = [direct.row, hop.row, fixed.row, framework.row];
    const boundedByUpstream: string[] = [];
    const boundedByFramework: string[] = [];
    const ownShares: number[] = [];
    for (const operation of OPERATIONS) {
      const path = operation.sequentialRoundTrips * latencyMs;
      const { roundTrips } = operations[operation.query];
      const gateway: Timed = { samples: [], error: null };
      const alone: Timed = { samples: [], error: null };
      const directly: number[] = [];
      for (let run = 0; run < iterations + 3; run += 1) {
        const keep = run >= 3;
        const variables = operation.variables?.();
        await timedGraphql(gateway, context.cold.graphqlUrl, operation.query, variables, keep);
        await timedGraphql(alone, floor.url, operation.query, variables, keep);
        const elapsed = await sendDirectly(context, roundTrips);
        if (keep) directly.push(elapsed);
      }
      const error = gateway.error ?? (alone.error && `Apollo Server alone: ${alone.error}`);
      if (error) {
        rows.push(unavailableRow(operation.name, operation.sequentialRoundTrips, latencyMs, error).row);
        continue;
      }
      const p50 = percentile(gateway.samples, 50);
      const p99 = percentile(gateway.samples, 99);
      const limit = 1.1 * path + 2;
      const replayed = percentile(directly, 50);
      const floorP50 = percentile(alone.samples, 50);
      if (replayed > limit) boundedByUpstream.push(operation.name);
      else if (floorP50 > limit) boundedByFramework.push(operation.name);
      ownShares.push(p50 - floorP50);
      rows.push([
        operation.name,
        String(operation.sequentialRoundTrips),
        ms(path, 0),
        ms(p50),
        ms(p99),
        `${(p50 / path).toFixed(2)} / ${(p99 / path).toFixed(2)}`,
        ms(limit),
        ms(replayed),
        `${ms(floorP50)}${floorP50 > limit ? ' (over the limit)' : ''}`,
        `${ms(p50 - replayed)} / ${ms(p50 - floorP50)}`,
        verdict(p50 <= limit),
      ]);
    }
    const clientCost = await upstreamClientCost();
    const bounded = [
      boundedByUpstream.length &&
        `Sent directly, without any process in between, ${boundedByUpstream.join('; ')} already miss${boundedByUpstream.length === 1 ? 'es' : ''} the p50 limit.`,
      boundedByFramework.length &&
        `Apollo Server alone, making the same upstream calls and answering the same data and nothing else, already misses the p50 limit for ${boundedByFramework.join('; ')}: there the target is beyond any gateway built on Apollo Server and an HTTP client on this machine.`,
    ].filter(Boolean);
    return {
      title,
      intro,
      tables: [
        {
          columns: [
            'operation',
            'sequential round trips',
            'critical path',
            'p50',
            'p99',
            'p50/path / p99/path',
            'p50 limit',
            'same upstream calls sent directly (p50)',
            'Apollo Server alone: same query, calls and data (p50)',
            'added by the gateway: over direct / over Apollo alone (p50)',
            'target',
          ],
          rows,
        },
        clientCost,
      ],
      notes: [
        `A direct round trip to the simulator takes ${ms(direct.p50)} at p50 for ${latencyMs} ms of latency (HTTP and timer granularity; the simulator's own handling counts into its latency): ${ms(direct.p50 - latencyMs)} of the target's ${ms(0.1 * latencyMs + 2)} allowance per round trip is spent before any process sits in between.`,
        `One more process that only forwards the call (bare node:http, keep-alive, JSON parsed and re-serialised) adds ${ms(hop.p50 - direct.p50)}: the physical cost of a hop on this machine, which any gateway pays before doing anything.`,
        `The gateway's fixed cost per request (\`{ __typename }\`: HTTP, Apollo request pipeline, operation log line) is ${ms(fixed.p50)} at p50; Apollo Server alone, answering the same in its own process, takes ${ms(framework.p50)}.`,
        `Apollo Server alone answering the operation with the same calls and data is its floor for an Apollo-based gateway on this machine: the hop, Apollo's pipeline, one HTTP client call per request and graphql-js completing the same result, with no caller identity, routing, mapping, cache, metrics or logs. (It completes the whole result after the last answer, where the gateway completes a first round's part while it waits for the second: for two round trips it is a little high.) The gateway's own code adds ${ms(Math.min(...ownShares))} to ${ms(Math.max(...ownShares))} to it across the operations above.${bounded.length ? ` ${bounded.join(' ')}` : ''}`,
        'Every upstream call costs the gateway CPU for its HTTP client (second table: what the client adds over bare node:http, and what got, the first choice, cost), the JSON parse, a metrics sample and cache-key hashing, paid on one thread once per call, so operations that fan out to many parallel calls (the _entities batch: 8) pay it 8 times before the last answer is processed — not extra round trips (scenario 1 shows none).',
      ],
    };
  });
}
