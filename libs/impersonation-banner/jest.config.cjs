/** @type {import('jest').Config} */
module.exports = {
  displayName: 'impersonation-banner',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  // Storybook ships ESM only; the story tests compose stories with it, so SWC turns it into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(storybook|@storybook)/)'],
};
