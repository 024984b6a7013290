export { createSessionFixture, FIXTURE_SESSION_EXPIRES, sessionFixtures } from './testing/fixtures';
export { createNextAuthHandlers, FIXTURE_CSRF_TOKEN } from './testing/next-auth-handlers';
export type { NextAuthHandlersOptions } from './testing/next-auth-handlers';
