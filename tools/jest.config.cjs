/** @type {import('jest').Config} */
module.exports = {
  displayName: 'workspace-tools',
  preset: '../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
