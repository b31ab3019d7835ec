import { REDIS_SERVER_INSTALL_HINT, RedisServerProcess, redisServerInstalled, TEST_REDIS_URL_ENV } from './support/redis-server.mjs';
import { shareOneBuild } from './support/shared-build.mjs';

// The Redis-backed suites run against a redis-server of this run's own (see test/support/redis.ts);
// without the binary they are skipped, and this is the one line that says so. The suites that start
// the built server share one build (test/support/built-gateway.ts).
export default async function globalSetup() {
  shareOneBuild();
  delete process.env[TEST_REDIS_URL_ENV];
  if (!redisServerInstalled()) {
    console.log(`\nredis-server not found: the Redis-backed tests are skipped (install it: ${REDIS_SERVER_INSTALL_HINT})`);
    return;
  }
  const server = await RedisServerProcess.start();
  process.env[TEST_REDIS_URL_ENV] = server.url;
  globalThis.hubgraphTestRedis = server;
}
