/** @type {import('jest').Config} */
module.exports = {
  displayName: 'admin-api',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
};
