import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: [
      '**/dist',
      '**/node_modules',
      '**/.next',
      '**/storybook-static',
      '**/.nx',
      '**/tmp',
      '**/test-results',
      '**/playwright-report',
      '**/.data',
      '**/next-env.d.ts',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'],
    rules: {
      // docs/architecture.md (the parts): app -> any lib; banner -> theme (types only from session-client/admin-api);
      // impersonation-core -> admin-api (contracts) only; session-client, admin-api and theme -> no other
      // workspace lib; libs never import the app.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            // The app's tests and the browser tests launch the production server through the workspace's one launcher.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'scope:production-server'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib', 'type:app', 'scope:production-server'] },
            { sourceTag: 'scope:production-server', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:lib', notDependOnLibsWithTags: ['type:app', 'type:e2e'] },
            // The workspace's tools (benchmarks, checks) measure the libraries; no library depends on them (the
            // libraries' shared build shape is a project of its own, tools/build).
            { sourceTag: 'type:tools', onlyDependOnLibsWithTags: ['type:lib'] },
            {
              sourceTag: 'scope:banner',
              onlyDependOnLibsWithTags: ['scope:theme', 'scope:session', 'scope:admin-api'],
              bannedExternalImports: ['next', 'next/*', 'next-auth', 'next-auth/*'],
            },
            {
              sourceTag: 'scope:theme',
              onlyDependOnLibsWithTags: ['scope:theme'],
              bannedExternalImports: ['next', 'next/*', 'next-auth', 'next-auth/*'],
            },
            { sourceTag: 'scope:session', onlyDependOnLibsWithTags: ['scope:session'], bannedExternalImports: ['next', 'next/*'] },
            {
              sourceTag: 'scope:impersonation-core',
              onlyDependOnLibsWithTags: ['scope:impersonation-core', 'scope:admin-api'],
              bannedExternalImports: ['next', 'next/*', 'react', 'react-dom'],
            },
            {
              sourceTag: 'scope:admin-api',
              onlyDependOnLibsWithTags: ['scope:admin-api'],
              bannedExternalImports: ['next', 'next/*', 'next-auth', 'next-auth/*', 'react', 'react-dom'],
            },
          ],
        },
      ],
    },
  },
  {
    // Build, test and Storybook configs and workspace scripts import the workspace's shared config files by relative path.
    // The browser tests' axe helper shares its rule list with the Storybook check (tools/a11y/axe-rules.mjs).
    files: [
      'libs/*/tsup.config.ts',
      'libs/*/.storybook/*.ts',
      'libs/*/.storybook/*.tsx',
      'apps/web/jest.config.cjs',
      'apps/*/playwright.config.ts',
      'apps/web-e2e/src/support/axe.ts',
      // The workspace scripts that launch the production server (@viewas/production-server) or share the axe rules
      // and the consumer smoke's flows, run by plain Node, which knows no tsconfig path.
      'tools/scripts/start.mjs',
      'tools/scripts/provision.mjs',
      'tools/bench/production-server.mjs',
      'tools/consumer-smoke/lib/*-flow.mjs',
      'tools/storybook-a11y/*.mjs',
    ],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // The banner may use session-client and admin-api for their types only: the host injects behaviour.
    files: ['libs/impersonation-banner/src/**/*.ts', 'libs/impersonation-banner/src/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@viewas/session-client', '@viewas/session-client/*', '@viewas/admin-api', '@viewas/admin-api/*'],
              allowTypeImports: true,
              message: 'The banner takes the session user and actions from its host: import types only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The core's domain builds no HTTP answers: its HTTP adapters are the `./http` entry (src/http.ts,
    // src/lib/http/), which imports the domain, never the other way round; so do the Better Auth and Auth.js
    // adapters, which serve them. Of admin-api's server entry the domain uses only the well-formed-text checks it
    // applies before writing a row and `RefusalError`, the one error it refuses with (a contract code, no
    // status: `refusalAnswer` turns it into HTTP, in the adapters only).
    files: ['libs/impersonation-core/src/**/*.ts', 'libs/impersonation-core/testing/**/*.ts'],
    ignores: [
      'libs/impersonation-core/src/http.ts',
      'libs/impersonation-core/src/lib/http/**',
      'libs/impersonation-core/src/better-auth.ts',
      'libs/impersonation-core/src/better-auth-client.ts',
      'libs/impersonation-core/src/lib/better-auth/**',
      'libs/impersonation-core/src/authjs.ts',
      'libs/impersonation-core/src/lib/authjs/**',
      // A test wires a whole host, adapters included; so do the hosts the specs start (testing/*-host.ts).
      'libs/impersonation-core/src/**/*.spec.ts',
      'libs/impersonation-core/testing/*-host.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@viewas/admin-api/server',
              allowImportNames: ['assertWellFormedText', 'findIllFormedText', 'isWellFormedText', 'IllFormedTextError', 'RefusalError'],
              message: "The core's HTTP adapters live in src/lib/http/ (the `./http` entry); the domain answers no requests.",
            },
          ],
          patterns: [
            {
              group: ['**/http', '**/http/**', '@viewas/impersonation-core/http'],
              message: "The domain never imports the core's HTTP adapters (src/lib/http/, the `./http` entry): they import the domain.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Test support (`testing/` folders, a library's `./testing` fixtures) is for tests, stories and
    // test set-up: code that ships never imports it. A library's own `./testing` entry is the exception.
    files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx', 'libs/*/src/**/*.ts', 'libs/*/src/**/*.tsx'],
    ignores: [
      '**/*.spec.ts',
      '**/*.spec.tsx',
      '**/*.stories.tsx',
      '**/test-setup.ts',
      'libs/*/src/testing.ts',
      'libs/*/src/testing/**',
      'libs/*/src/lib/testing/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/testing',
                '**/testing/**',
                '**/test-utils',
                '**/test-utils/**',
                '**/test-support',
                '**/test-support/**',
                '@viewas/*/testing',
                // The launcher of the production server, for tests and workspace scripts.
                '@viewas/production-server',
              ],
              message: 'Test support is for tests: code that ships never imports it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Libraries never read process.env: the host passes configuration in.
    files: ['libs/*/src/**/*.ts', 'libs/*/src/**/*.tsx'],
    ignores: ['libs/*/src/**/*.spec.ts', 'libs/*/src/**/*.spec.tsx', 'libs/*/src/**/*.stories.tsx', 'libs/*/src/test-setup.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Libraries never read process.env; take configuration as an argument.' },
      ],
    },
  },
];
