/**
 * Mutation testing of the rule and state modules (`npm run test:mutation`; not part of `npm test`).
 * Jest runs as ESM under Stryker as under `npm test` (--experimental-vm-modules), only the tests that
 * exercise these modules quickly: the unit tests and the integration files listed below. Incremental:
 * a rerun re-tests only mutants whose code or covering tests changed since reports/stryker-incremental.json.
 */
const integrationTests = ['messaging.test.ts', 'events.test.ts', 'partner-auth.test.ts', 'tenant-scope.test.ts'];

/**
 * STRYKER_TESTS=unit/cache.test.ts,unit/auth.test.ts (globs under test/) narrows the tests to a module's own:
 * on a loaded two-core machine a module whose code every suite touches (errors.ts) takes hours with the
 * full set, minutes with its unit file. Fewer tests can only kill fewer mutants, so such a score is a lower bound.
 */
const onlyTests = (process.env.STRYKER_TESTS ?? '').split(',').filter(Boolean);
const testMatch =
  onlyTests.length > 0
    ? onlyTests.map((glob) => `<rootDir>/test/${glob}`)
    : ['<rootDir>/test/unit/**/*.test.ts', ...integrationTests.map((file) => `<rootDir>/test/integration/${file}`)];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    enableFindRelatedTests: false,
    config: {
      testMatch,
    },
  },
  coverageAnalysis: 'perTest',
  // Code run only while a module loads or a suite starts would need every test per mutant: skipped and counted as ignored.
  ignoreStatic: true,
  mutate: [
    'src/messaging/**/*.ts',
    'src/events/**/*.ts',
    'src/store/balance-limiter.ts',
    'src/store/cache.ts',
    'src/store/keystore.ts',
    'src/identity/caller.ts',
    'src/lib/secrets.ts',
    'src/lib/stable-stringify.ts',
    'src/errors.ts',
    'src/datasources/upstream-errors.ts',
    'src/http/format-error.ts',
    'src/lib/retry-after.ts',
    'src/lib/json-shape.ts',
    'src/lib/content-encoding.ts',
    'src/store/fair-share.ts',
    'src/http/query-cost.ts',
    'src/http/subscription-callback.ts',
  ],
  concurrency: 2,
  timeoutMS: 5_000,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
};
