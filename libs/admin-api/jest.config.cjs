/** @type {import('jest').Config} */
module.exports = {
  displayName: 'admin-api',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  // msw depends on ESM-only packages; let SWC turn them into CommonJS like our sources.
  transformIgnorePatterns: ['/node_modules/(?!(until-async|rettime)/)'],
};
