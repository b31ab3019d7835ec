import autocannon from 'autocannon';
import { SIM_PARTNERS } from '../../simulator/seed.js';
import { firstError, graphql, graphqlBody, JSON_HEADERS, send } from '../support/http.js';
import type { BenchContext } from '../support/context.js';
import { cpuTimeOf, withApolloFloor } from '../support/gateway-process.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { ms, rate, verdict } from '../support/stats.js';
import { describeCounts, countByEndpoint } from '../support/upstream.js';

const QUERY = '{ partner { channels(limit: 10) { total count nodes { id hubStatus hosting phoneNumber displayName accountMode } } } }';
const CONCURRENCIES = [1, 8, 32, 64];

export async function cachedThroughput(context: BenchContext): Promise<Section> {
  const { durationSeconds } = context.options;
  const title = '3. Warm-cache throughput';
  const intro = [
    `Cached listing query \`${QUERY}\` on the default gateway (one process), autocannon for ${durationSeconds} s per concurrency after a 1 s warm-up at the same concurrency.`,
    'The cache is warmed by one request before each run; the upstream calls made during the run are counted (an expired TTL may cost one).',
    'Target: ≥ 3,000 requests/s, p99 ≤ 10 ms at 32 connections. autocannon records latencies in whole milliseconds.',
  ];
  const url = context.warm.graphqlUrl;
  const probe = await graphql(url, QUERY);
  const error = firstError(probe.status, probe.result);
  if (error) return notAvailableSection(title, intro, error);

  const rows: string[][] = [];
  const run = async (query: string, connections: number, label: string, targeted: boolean, server = { url, pid: context.warm.pid }) => {
    const { url, pid } = server;
    const body = graphqlBody(query);
    await graphql(url, query);
    await autocannon({ url, method: 'POST', headers: JSON_HEADERS, body, connections, duration: 1 });
    context.simulator.recorder.clear();
    const cpuBefore = cpuTimeOf(pid);
    const result = await autocannon({ url, method: 'POST', headers: JSON_HEADERS, body, connections, duration: durationSeconds });
    const cpuPerRequest = (cpuTimeOf(pid) - cpuBefore) / Math.max(1, result.requests.total);
    const upstream = countByEndpoint(context.simulator.recorder.requests);
    const failures = result.non2xx + result.errors + result.timeouts;
    const met = result.requests.average >= 3000 && result.latency.p99 <= 10 && failures === 0;
    rows.push([
      label,
      rate(result.requests.average),
      ms(result.latency.p50, 0),
      ms(result.latency.p99, 0),
      String(result.requests.total),
      String(failures),
      `${ms(cpuPerRequest, 2)} (≤ ${rate(1000 / cpuPerRequest)} per core)`,
      describeCounts(upstream),
      targeted ? verdict(met) : '—',
    ]);
    return { cpuPerRequest, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  };
  const measured = new Map<number, Awaited<ReturnType<typeof run>>>();
  const floor = await apolloFloor(context, async (floorServer) => {
    let floorAt32: Awaited<ReturnType<typeof run>> | undefined;
    for (const connections of CONCURRENCIES) {
      measured.set(connections, await run(QUERY, connections, String(connections), connections === 32));
      // Right after the gateway's own 32-connection run, so a host whose speed drifts hits both alike.
      if (connections === 32) floorAt32 = await run(QUERY, 32, '32, minimal Apollo Server, same query and page from memory (floor)', false, floorServer);
    }
    return floorAt32!;
  });
  // The same stack answering without any resolver: what HTTP + Apollo + the log line leave on this machine.
  const typename = await run('{ __typename }', 32, '32, `{ __typename }` (reference)', false);
  const at32 = measured.get(32)!;
  const share = (value: number) => `${Math.round((100 * value) / floor.requestsPerSecond)}%`;
  return {
    title,
    intro,
    tables: [
      {
        columns: [
          'connections',
          'requests/s',
          'p50',
          'p99',
          'requests',
          'errors/non-2xx',
          'gateway CPU per request',
          'upstream calls during run',
          'target (32)',
        ],
        rows,
      },
    ],
    notes: [
      `At 32 connections the gateway serves the cached listing at ${rate(at32.requestsPerSecond)} (${share(at32.requestsPerSecond)} of the floor's ${rate(floor.requestsPerSecond)}), at ${ms(at32.cpuPerRequest, 2)} of CPU per request against the floor's ${ms(floor.cpuPerRequest, 2)}. The floor is Apollo Server alone (on bare node:http through its integration API as the gateway's /graphql, the same schema shape and resolvers over the same A4 page held in memory; bench/floor/apollo-alone.ts), in its own process, loaded the same way: what Apollo Server serves for this query on this machine with nothing else to do. What the gateway does on top: caller identity, the tenant-keyed cache lookup (generation, key, store), DataLoader priming, the per-field enum checks, the operation log line and metrics, query limits.`,
      `\`{ __typename }\` (no resolver, no cache) runs at ${rate(typename.requestsPerSecond)} with ${ms(typename.cpuPerRequest, 2)} of CPU per request: the HTTP + Apollo + log/metrics cost every operation pays.`,
      `Latency at a fixed concurrency follows from throughput (Little's law: mean latency = connections / throughput): 32 connections at 3,000/s mean ${ms(32_000 / 3000, 1)} on average, so p99 ≤ 10 ms at 32 connections needs well over 3,200/s with a tight spread. Apollo Server alone, answering from memory, shows p50 ${ms(floor.p50, 0)} / p99 ${ms(floor.p99, 0)} at 32 connections here.`,
      'autocannon runs in the bench process on the same 2 cores, so the server under test gets at most one core while the load generator uses the other.',
    ],
  };
}

/** Runs `measure` against the floor server answering from the A4 page the gateway caches for QUERY. */
async function apolloFloor<T>(context: BenchContext, measure: (server: { url: string; pid: number }) => Promise<T>): Promise<T> {
  const partner = SIM_PARTNERS[0];
  const page = await send(`${context.simulator.urls.partner}/partners/${partner.id}/channels?limit=10`, {
    headers: { authorization: `Bearer ${partner.token}` },
  });
  return withApolloFloor({ page: page.body }, measure);
}
