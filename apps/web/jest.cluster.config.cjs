// The cluster test (`npx nx run web:test-cluster`, which builds first): two production app servers on
// one PostgreSQL behind nginx running docs/nginx.conf. Needs TEST_DATABASE_URL and nginx.
const base = require('./jest.config.cjs');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  displayName: 'web-cluster',
  testMatch: ['<rootDir>/src/**/*.cluster.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 60_000,
};
