import { REDIS_SERVER_INSTALL_HINT, RedisServerProcess, redisServerInstalled, TEST_REDIS_URL_ENV } from './support/redis-server.mjs';

// The Redis-backed suites run against a redis-server of this run's own (see test/support/redis.ts);
// without the binary they are skipped, and this is the one line that says so.
export default async function globalSetup() {
  delete process.env[TEST_REDIS_URL_ENV];
  if (!redisServerInstalled()) {
    console.log(`\nredis-server not found: the Redis-backed tests are skipped (install it: ${REDIS_SERVER_INSTALL_HINT})`);
    return;
  }
  const server = await RedisServerProcess.start();
  process.env[TEST_REDIS_URL_ENV] = server.url;
  globalThis.hubgraphTestRedis = server;
}
