/** @type {import('jest').Config} */
module.exports = {
  displayName: 'impersonation-banner',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
};
