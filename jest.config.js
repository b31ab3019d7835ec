/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  // The browser test needs Chromium and the example's own install: `npm run test:browser`; the cluster
  // tests need a Redis Cluster: `npm run test:cluster` (jest.cluster.config.js).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/browser/', '<rootDir>/test/cluster/'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  // A redis-server of the run's own for the Redis-backed suites, stopped at the end.
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  testTimeout: 20000,
  // Jest's default is one worker fewer than the cores: one worker on the two-core CI machine. The suites mostly
  // wait on their gateways, simulators and Redis, so a worker per core halves the run (docs/testing.md).
  maxWorkers: '100%',
};
