import { describeSessionCookies } from '../../../testing/server/session-cookies';

// The app served over plain http (a developer's machine, or behind a proxy that terminates TLS without
// NEXTAUTH_URL saying https): no `Secure`, no prefix, the same HttpOnly and SameSite.
describeSessionCookies('http://app.viewas.test');
