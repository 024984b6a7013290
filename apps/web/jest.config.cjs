/** @type {import('jest').Config} */
module.exports = {
  displayName: 'web',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  // The test helpers under testing/ that are more than glue have tests of their own.
  testMatch: ['<rootDir>/src/**/*.(spec|test).[jt]s?(x)', '<rootDir>/testing/**/*.spec.ts'],
  // They need a production build and spawn servers: `web:test-production` (jest.production.config.cjs) and
  // `web:test-cluster` (jest.cluster.config.cjs) run them.
  testPathIgnorePatterns: ['/node_modules/', '\\.(production|cluster)\\.spec\\.ts$'],
  moduleNameMapper: {
    ...require('../../jest.preset.js').moduleNameMapper,
    '^@/(.*)$': '<rootDir>/src/$1',
  },
  // PGlite's CommonJS build loads Node built-ins with `import()`, which Jest's module sandbox cannot run
  // without --experimental-vm-modules; compiling it like our own code turns those into `require`.
  transformIgnorePatterns: ['/node_modules/(?!@electric-sql/pglite/)'],
};
