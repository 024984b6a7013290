import { describeSessionCookies } from '../../../testing/server/session-cookies';

// A separate file: next-auth takes its origin from the process environment, one per test file.
describeSessionCookies('https://app.viewas.test');
