const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'session-client',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  // msw 2 depends on two ESM-only packages; let SWC turn them into CommonJS like our sources.
  transformIgnorePatterns: ['/node_modules/(?!(until-async|rettime|storybook|@storybook)/)'],
  moduleNameMapper: {
    // The contract test drives next-auth's real AuthHandler, which its exports map does not list.
    '^next-auth/core$': path.join(path.dirname(require.resolve('next-auth')), 'core/index.js'),
  },
};
