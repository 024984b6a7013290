// Everything this app writes to run impersonation on Auth.js v5: one database pool, the domain over it,
// Auth.js's config (our own password sign-in plus the core's providers and session config), the admin API
// and the read-only gate.
import { defaultAccessPolicy, signInClaims } from '@viewas/impersonation-core';
import { createAuthJsImpersonation } from '@viewas/impersonation-core/authjs';
import { createFetchAdminApi, createReadOnlyGate } from '@viewas/impersonation-core/http';
import { createPostgresImpersonation, createPostgresStore, schema } from '@viewas/impersonation-core/postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import Credentials from 'next-auth/providers/credentials';
import pg from 'pg';
import { verifyPassword } from './password.js';

const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;
// The core's log lines (refusals, failures) on this app's console.
const logger = {
  info: () => undefined,
  warn: (fields, message) => console.warn(message, fields),
  error: (fields, message) => console.error(message, fields),
};
const requestInfo = (request) => ({ ip: null, userAgent: request.headers.get('user-agent') });

function wire() {
  const origin = new URL(process.env.AUTH_URL).origin;
  const db = drizzle({ client: new pg.Pool({ connectionString: process.env.DATABASE_URL }), schema });
  const store = createPostgresStore(db);
  const { impersonation, consent, accountSettings } = createPostgresImpersonation({
    db,
    sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS,
    policy: defaultAccessPolicy({ maxMinutes: 30 }),
    logger,
  });
  // Auth.js's cookies and JWT session with the core's rules, its two providers, and the session reader.
  const authjs = createAuthJsImpersonation({
    impersonation,
    secret: process.env.AUTH_SECRET,
    origin,
    sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS,
    requestInfo,
    logger,
  });
  const authConfig = {
    ...authjs.config,
    trustHost: true,
    providers: [
      // Our own sign-in. The session carries exactly these claims.
      Credentials({
        credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          const user = await store.users.findByEmail(String(credentials.email ?? ''));
          const ok = user?.status === 'active' && (await verifyPassword(String(credentials.password ?? ''), user.passwordHash));
          return ok ? { id: user.id, email: user.email, claims: signInClaims(user, new Date()) } : null;
        },
      }),
      // `impersonate` and `return-to-admin`: the session client signs in with them.
      ...authjs.providers,
    ],
  };

  const adminApi = createFetchAdminApi({ impersonation, sessions: authjs.sessions, consent, accountSettings, origin });
  const refusesReadOnly = createReadOnlyGate({ sessions: authjs.sessions, impersonation, origin, requestInfo });
  return { authConfig, adminApi, refusesReadOnly };
}

/** Wired once per server process, on first use (never at build time). */
export function viewas() {
  globalThis.viewas ??= wire();
  return globalThis.viewas;
}
