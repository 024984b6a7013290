// The tests that run the production build through apps/web/server.mjs (`npx nx run web:test-production`,
// which builds first): each spawns real server processes, so they are kept out of the quick `web:test`.
const base = require('./jest.config.cjs');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  displayName: 'web-production',
  testMatch: ['<rootDir>/src/**/*.production.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 60_000,
};
