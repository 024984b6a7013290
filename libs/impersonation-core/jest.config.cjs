/** @type {import('jest').Config} */
module.exports = {
  displayName: 'impersonation-core',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
  // PGlite's CommonJS build loads Node built-ins with `import()`, which Jest's module sandbox cannot run
  // without --experimental-vm-modules; compiling it like our own code turns those into `require`.
  // Better Auth and @auth/core (the Auth.js v5 adapter's tests, installed as `auth-core-v5`), and the packages
  // they load, ship only ES modules: compiled too.
  transformIgnorePatterns: [
    '/node_modules/(?!(@electric-sql/pglite|better-auth|better-call|@better-auth|@better-fetch|kysely|jose|nanostores|defu|rou3|@noble|uncrypto|@standard-schema|auth-core-v5|oauth4webapi|preact|preact-render-to-string)/)',
  ],
};
