/** @type {import('jest').Config} */
module.exports = {
  displayName: 'web',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  moduleNameMapper: {
    ...require('../../jest.preset.js').moduleNameMapper,
    '^@/(.*)$': '<rootDir>/src/$1',
  },
};
