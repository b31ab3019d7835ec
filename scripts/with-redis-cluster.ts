/**
 * Runs a command beside a local 3-master + 3-replica Redis Cluster (its own ports and temp dir),
 * stopped when the command ends: `node dist/scripts/with-redis-cluster.js <command> [args…]`.
 * The command finds the cluster's seed nodes in HUBGRAPH_TEST_REDIS_URL (and REDIS_URL, with
 * REDIS_MODE=cluster, for a gateway started by it). `npm run test:cluster` runs the cluster suites so.
 */
import { spawn } from 'node:child_process';
import { LocalRedisCluster } from '../test/support/redis-cluster.js';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node dist/scripts/with-redis-cluster.js <command> [args…]\n');
  process.exit(2);
}
const cluster = await LocalRedisCluster.start();
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, HUBGRAPH_TEST_REDIS_URL: cluster.url, HUBGRAPH_TEST_REDIS_MODE: 'cluster', REDIS_URL: cluster.url, REDIS_MODE: 'cluster' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
await cluster.stop();
process.exit(code);
