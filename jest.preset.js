// Shared Jest setup: SWC transforms TS/TSX quickly; each project adds its own environment and setup.
const path = require('node:path');
const { pathsToModuleNameMapper } = require('./tools/jest/paths.js');

/** @type {import('jest').Config} */
module.exports = {
  transform: {
    '^.+\\.[cm]?[tj]sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  moduleNameMapper: pathsToModuleNameMapper(path.join(__dirname, 'tsconfig.base.json'), __dirname),
  testMatch: ['<rootDir>/src/**/*.(spec|test).[jt]s?(x)'],
  // Jest puts these before each project's own setup files.
  setupFilesAfterEnv: [path.join(__dirname, 'tools/jest/axe.cjs')],
  clearMocks: true,
  restoreMocks: true,
};
