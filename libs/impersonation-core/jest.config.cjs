/** @type {import('jest').Config} */
module.exports = {
  displayName: 'impersonation-core',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
};
