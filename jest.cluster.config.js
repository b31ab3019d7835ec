import standalone from './jest.config.js';

/**
 * `npm run test:cluster`: the Redis-backed suites again, on a local 3-master + 3-replica Redis
 * Cluster that scripts/with-redis-cluster.ts starts for the run and passes to test/support/redis.ts
 * (HUBGRAPH_TEST_REDIS_URL, HUBGRAPH_TEST_REDIS_MODE=cluster), plus the cluster-only tests.
 */
// Not the run's own single redis-server of jest.config.js: the cluster is already there.
const base = { ...standalone };
delete base.globalSetup;
delete base.globalTeardown;

/** @type {import('jest').Config} */
export default {
  ...base,
  testPathIgnorePatterns: ['/node_modules/'],
  testMatch: [
    '<rootDir>/test/cluster/**/*.test.ts',
    '<rootDir>/test/integration/redis-instances.test.ts',
    '<rootDir>/test/integration/events-redis.test.ts',
    '<rootDir>/test/integration/messaging-redis.test.ts',
    '<rootDir>/test/integration/conversations.test.ts',
    '<rootDir>/test/integration/fair-share.test.ts',
    '<rootDir>/test/integration/conversation-changes.test.ts',
    '<rootDir>/test/integration/window-watch.test.ts',
    '<rootDir>/test/integration/on-premise-version.test.ts',
    '<rootDir>/test/integration/webhook-check.test.ts',
    '<rootDir>/test/integration/metadata-routing.test.ts',
    '<rootDir>/test/unit/idempotency.test.ts',
    '<rootDir>/test/unit/fair-share-store.test.ts',
    '<rootDir>/test/unit/redis-log.test.ts',
    '<rootDir>/test/unit/audit-trail-store.test.ts',
    '<rootDir>/test/integration/audit-trail.test.ts',
  ],
};
