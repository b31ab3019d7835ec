import autocannon from 'autocannon';
import { firstError, graphql, graphqlBody, JSON_HEADERS } from '../support/http.js';
import type { BenchContext } from '../support/context.js';
import { cpuTimeOf } from '../support/gateway-process.js';
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

  const body = graphqlBody(QUERY);
  const rows: string[][] = [];
  for (const connections of CONCURRENCIES) {
    await graphql(url, QUERY);
    await autocannon({ url, method: 'POST', headers: JSON_HEADERS, body, connections, duration: 1 });
    context.simulator.recorder.clear();
    const cpuBefore = cpuTimeOf(context.warm.pid);
    const result = await autocannon({ url, method: 'POST', headers: JSON_HEADERS, body, connections, duration: durationSeconds });
    const cpuPerRequest = (cpuTimeOf(context.warm.pid) - cpuBefore) / Math.max(1, result.requests.total);
    const upstream = countByEndpoint(context.simulator.recorder.requests);
    const failures = result.non2xx + result.errors + result.timeouts;
    const targeted = connections === 32;
    const met = result.requests.average >= 3000 && result.latency.p99 <= 10 && failures === 0;
    rows.push([
      String(connections),
      rate(result.requests.average),
      ms(result.latency.p50, 0),
      ms(result.latency.p99, 0),
      String(result.requests.total),
      String(failures),
      `${ms(cpuPerRequest, 2)} (≤ ${rate(1000 / cpuPerRequest)} per core)`,
      describeCounts(upstream),
      targeted ? verdict(met) : '—',
    ]);
  }
  return {
    title,
    intro,
    tables: [{ columns: ['connections', 'requests/s', 'p50', 'p99', 'requests', 'errors/non-2xx', 'gateway CPU per request', 'upstream calls during run', 'target (32)'], rows }],
    notes: [],
  };
}
