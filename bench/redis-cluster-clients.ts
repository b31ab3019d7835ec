/**
 * The A/B behind REDIS_MODE=cluster's client (docs/decisions.md): node-redis `createCluster` with
 * the gateway's topology refresh (src/store/redis.ts) against ioredis `Cluster`, each on a fresh
 * local 3-master + 3-replica cluster: SET/GET throughput at 64 commands in flight, then a kill -9
 * of the master of one key and the time until a write of that key succeeds again.
 * Run: `npm run build && node dist/bench/redis-cluster-clients.js`.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Cluster } from 'ioredis';
import { createLogger } from '../src/observability/logger.js';
import { RedisConnection } from '../src/store/redis.js';
import { LOCAL_CLUSTER_NODE_TIMEOUT_MS, LocalRedisCluster } from '../test/support/redis-cluster.js';

interface Client {
  set(key: string, value: string): Promise<unknown>;
  get(key: string): Promise<unknown>;
  close(): Promise<void>;
}

const IN_FLIGHT = 64;
const THROUGHPUT_MS = 5_000;
const PROBE_EVERY_MS = 20;
const COMMAND_TIMEOUT_MS = 1_000;

/** The same bound RedisConnection.withTimeout puts on node-redis's commands (its timer cleared once answered). */
async function bounded<T>(command: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), COMMAND_TIMEOUT_MS);
  });
  try {
    return await Promise.race([command, expired]);
  } finally {
    clearTimeout(timer);
    command.catch(() => undefined);
  }
}

function nodeRedis(cluster: LocalRedisCluster): Client {
  const connection = new RedisConnection({
    url: cluster.url,
    mode: 'cluster',
    namespace: 'bench',
    timeoutMs: COMMAND_TIMEOUT_MS,
    logger: createLogger('silent'),
  });
  return {
    set: (key, value) => connection.withTimeout(connection.client.set(key, value)),
    get: (key) => connection.withTimeout(connection.client.get(key)),
    close: () => connection.close(),
  };
}

function ioredis(cluster: LocalRedisCluster): Client {
  const client = new Cluster(
    cluster.ports.map((port) => ({ host: '127.0.0.1', port })),
    { enableOfflineQueue: false, redisOptions: { connectTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 } },
  );
  client.on('error', () => undefined);
  return {
    set: (key, value) => bounded(client.set(key, value)),
    get: (key) => bounded(client.get(key)),
    close: async () => void client.disconnect(),
  };
}

async function throughput(client: Client): Promise<number> {
  const end = performance.now() + THROUGHPUT_MS;
  let done = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async (_, worker) => {
      for (let index = 0; performance.now() < end; index += 1) {
        const key = `bench:{w${worker}}:${index % 100}`;
        await client.set(key, String(index));
        await client.get(key);
        done += 2;
      }
    }),
  );
  return (done / THROUGHPUT_MS) * 1_000;
}

/** ms from the kill of `key`'s master until the cluster names a new one. */
async function promotion(cluster: LocalRedisCluster, key: string, killed: number, killedAt: number): Promise<number> {
  while (performance.now() - killedAt < 60_000) {
    const master = await cluster.masterOf(key).catch(() => killed);
    if (master !== killed) return performance.now() - killedAt;
    await sleep(PROBE_EVERY_MS);
  }
  return Number.NaN;
}

/**
 * ms from the kill of `key`'s master until the cluster promoted its replica, and until a write of
 * `key` succeeds again; the writes that failed meanwhile.
 */
async function recovery(cluster: LocalRedisCluster, client: Client, key: string): Promise<{ promotedMs: number; recoveredMs: number; failed: number }> {
  await client.set(key, 'before');
  const killed = await cluster.masterOf(key);
  const killedAt = performance.now();
  await cluster.kill(killed);
  const promoted = promotion(cluster, key, killed, killedAt);
  let failed = 0;
  for (;;) {
    try {
      await client.set(key, 'after');
      return { promotedMs: await promoted, recoveredMs: performance.now() - killedAt, failed };
    } catch {
      failed += 1;
      if (performance.now() - killedAt > 60_000) return { promotedMs: await promoted, recoveredMs: Number.NaN, failed };
      await sleep(PROBE_EVERY_MS);
    }
  }
}

async function measure(name: string, connect: (cluster: LocalRedisCluster) => Client): Promise<void> {
  const cluster = await LocalRedisCluster.start();
  const client = connect(cluster);
  try {
    await sleep(500);
    const opsPerSecond = await throughput(client);
    const { promotedMs, recoveredMs, failed } = await recovery(cluster, client, 'bench:{failover}');
    console.log(
      `${name}: ${Math.round(opsPerSecond)} ops/s; after a master's kill (node timeout ${LOCAL_CLUSTER_NODE_TIMEOUT_MS} ms) its replica promoted at ` +
        `${Math.round(promotedMs)} ms, the key written again at ${Math.round(recoveredMs)} ms; ${failed} failed writes`,
    );
  } finally {
    await client.close();
    await cluster.stop();
  }
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
for (let round = 0; round < rounds; round += 1) {
  await measure('node-redis createCluster + refresh', nodeRedis);
  await measure('ioredis Cluster', ioredis);
}
