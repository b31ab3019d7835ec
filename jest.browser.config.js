import base from './jest.config.js';

/** `npm run test:browser`: the example app in headless Chromium (not part of `npm test`). */
export default { ...base, roots: ['<rootDir>/test/browser'], testPathIgnorePatterns: ['/node_modules/'], testTimeout: 60000 };
