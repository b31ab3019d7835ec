import { cpus, loadavg } from 'node:os';
import { LocalRedisCluster } from '../../test/support/redis-cluster.js';
import type { BenchContext } from '../support/context.js';
import { send } from '../support/http.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { ms, percentile, rate } from '../support/stats.js';
import { CONVERSATIONS_QUERY, fullPage, PAGE, timeQuery } from './conversations.js';
import {
  BENCH_REDIS_URL,
  CHANNEL,
  ID_MARK,
  inboundNotification,
  measureIngest,
  notification,
  withRedisLogGateway,
  type BenchRedis,
  type InboundSample,
} from './webhooks.js';

const LISTED_CONTACTS = 4 * PAGE;

/** Scenario 11: scenario 7's ingest and scenario 9's inbox list on a local Redis Cluster, against one Redis, and what REDIS_WAIT_REPLICAS=1 costs. */
export async function redisClusterAgainstOne(context: BenchContext): Promise<Section> {
  const { durationSeconds, iterations } = context.options;
  const title = '11. Redis Cluster against one Redis';
  const intro = [
    `Three gateway processes one after the other: on one Redis (${BENCH_REDIS_URL}), on a local Redis Cluster of the machine's redis-server (3 masters + 3 replicas, all on this host: test/support/redis-cluster.ts), and on that cluster with \`REDIS_WAIT_REPLICAS=1\`.`,
    `Ingest as in scenario 7: one message per notification, autocannon 32 connections, ${durationSeconds} s after a 1 s warm-up; acknowledgement times of the 2xx answers.`,
    `List: ${LISTED_CONTACTS} contacts seeded through the receiver, then \`conversations(first: ${PAGE})\` as in scenario 9, ${iterations} times one after the other after 3 warm-up runs.`,
    'One run on a 2-core VM shared with the load generator and every Redis process, so the cluster rows pay for six redis-servers on the same two cores; the figures compare the code paths, not a real multi-host cluster.',
  ];
  const cluster = await LocalRedisCluster.start();
  const targets: Array<{ label: string; redis: BenchRedis; env: Record<string, string> }> = [
    { label: 'one Redis', redis: { url: BENCH_REDIS_URL, mode: 'standalone' }, env: {} },
    { label: 'cluster', redis: { url: cluster.url, mode: 'cluster' }, env: {} },
    { label: 'cluster, `REDIS_WAIT_REPLICAS=1`', redis: { url: cluster.url, mode: 'cluster' }, env: { REDIS_WAIT_REPLICAS: '1' } },
  ];
  const rows: string[][] = [];
  try {
    for (const [index, { label, redis, env }] of targets.entries()) {
      const run = `${Date.now()}-${index}`;
      const row = await withRedisLogGateway(
        context,
        `redis-cluster-${index}`,
        { CACHE_TTL_LISTING_MS: String(10 * 60 * 1000), ...env },
        async (target) => {
          const probe = await send(target.receiver, { method: 'POST', headers: target.headers, body: notification(`wamid.bench-cluster-probe-${run}`, '') });
          if (probe.status !== 200) return `the receiver answered HTTP ${probe.status}`;
          const [head, tail] = notification(`wamid.bench-cluster-${run}-${ID_MARK}`, '').split(ID_MARK);
          const ingest = await measureIngest(target, durationSeconds, (n) => `${head}${n}${tail}`);
          const now = Date.now();
          const messages = Array.from({ length: LISTED_CONTACTS }, (_, step): InboundSample => ({
            id: `wamid.bench-cluster-list-${run}-${step}`,
            from: `4918${String(step).padStart(9, '0')}`,
            name: `Contact ${step}`,
            atMs: now - step * 1000,
          }));
          const seeded = await send(target.receiver, { method: 'POST', headers: target.headers, body: inboundNotification(messages) });
          if (seeded.status !== 200) return `seeding the list: HTTP ${seeded.status}`;
          const listing = await timeQuery(target.gateway.graphqlUrl, iterations, {
            label: 'list',
            query: CONVERSATIONS_QUERY,
            variables: { channelId: CHANNEL, first: PAGE },
            check: fullPage(null),
          });
          if (typeof listing === 'string') return `conversations(first: ${PAGE}): ${listing}`;
          return [
            label,
            rate(ingest.result.requests.average),
            `${ms(percentile(ingest.acks, 50), 2)} / ${ms(percentile(ingest.acks, 99), 2)}`,
            `${ingest.result['2xx']} / ${ingest.result.non2xx}`,
            `${ms(percentile(listing, 50), 2)} / ${ms(percentile(listing, 99), 2)}`,
          ];
        },
        redis,
      );
      if (typeof row === 'string') return notAvailableSection(title, intro, `${label}: ${row}`);
      rows.push(row);
    }
  } finally {
    await cluster.stop();
  }
  return {
    title,
    intro,
    tables: [
      {
        columns: ['Redis', 'notifications acknowledged/s', 'acknowledgement p50 / p99', '2xx / non-2xx', `conversations(first: ${PAGE}) p50 / p99`],
        rows,
      },
    ],
    notes:
      loadavg()[0] > cpus().length
        ? [
            `The machine was busy (1-minute load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores at the end of this scenario): the rows ran one after the other under a changing load, so their order says more about that load than about the setups; the cost of \`REDIS_WAIT_REPLICAS\` needs a run on an idle machine.`,
          ]
        : [],
  };
}
