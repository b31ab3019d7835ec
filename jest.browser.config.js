import base from './jest.config.js';

/**
 * `npm run test:browser` (not part of `npm test`): the example app in headless Chromium, and docs/frontend.md's cache
 * set-up run with the example's Apollo Client; both need the example installed (`npm --prefix examples/inbox ci`).
 */
export default { ...base, roots: ['<rootDir>/test/browser'], testPathIgnorePatterns: ['/node_modules/'], testTimeout: 60000 };
