// Everything this app writes to run impersonation: one database pool, the domain over the PostgreSQL store,
// next-auth's options (our own password sign-in plus the core's providers and session callbacks) and the admin API.
import { randomUUID } from 'node:crypto';
import { createAdminApiHandlers } from '@viewas/admin-api/server';
import { createImpersonation, defaultAccessPolicy, signInClaims } from '@viewas/impersonation-core';
import {
  createImpersonationProviders,
  createJwtCodec,
  createSessionCallbacks,
  createSessionReader,
  nextAuthCookies,
  sessionCookieName,
} from '@viewas/impersonation-core/next-auth';
import { createAdminApiService } from '@viewas/impersonation-core/http';
import { createPostgresConsent, createPostgresStore, schema } from '@viewas/impersonation-core/postgres';
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

function wire() {
  const origin = new URL(process.env.NEXTAUTH_URL).origin;
  const secret = process.env.NEXTAUTH_SECRET;
  const clock = { now: () => new Date() };
  const db = drizzle({ client: new pg.Pool({ connectionString: process.env.DATABASE_URL }), schema });
  const store = createPostgresStore(db);

  // Consent: who must agree before a view starts, and the in-app notifications it sends.
  const consent = createPostgresConsent({ db, clock, newId: randomUUID });

  const impersonation = createImpersonation({
    store,
    sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS,
    policy: defaultAccessPolicy({ maxMinutes: 30 }),
    clock,
    // No stored choices: every user gets DEFAULT_SUPPORT_ACCESS.
    consent: { service: consent.service, supportAccessOfMany: () => new Map() },
    logger,
  });
  const codec = createJwtCodec({ secret, sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS, now: clock.now });
  const sessions = createSessionReader({ codec, cookieName: sessionCookieName(origin), checkSession: impersonation.checkSession });
  const session = createSessionCallbacks({
    codec,
    checkSession: impersonation.checkSession,
    endOnSignOut: impersonation.endOnSignOut,
    sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS,
  });

  const authOptions = {
    secret,
    cookies: nextAuthCookies(origin),
    session: session.session,
    jwt: session.jwt,
    callbacks: session.callbacks,
    events: session.events,
    providers: [
      // Our own sign-in. The session carries exactly these claims.
      Credentials({
        id: 'credentials',
        name: 'E-mail and password',
        credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          const user = await store.users.findByEmail(String(credentials?.email ?? ''));
          const ok = user?.status === 'active' && (await verifyPassword(String(credentials?.password ?? ''), user.passwordHash));
          if (!ok) return null;
          const claims = signInClaims(user, clock.now());
          return { id: user.id, email: user.email, claims };
        },
      }),
      // `impersonate` and `return-to-admin`: the session client signs in with them.
      ...createImpersonationProviders({
        impersonation,
        sessions,
        requestInfo: (headers) => ({ ip: null, userAgent: String(headers['user-agent'] ?? '') || null }),
        logger,
      }),
    ],
  };

  const adminApi = createAdminApiHandlers({
    service: createAdminApiService({
      impersonation,
      sessions,
      consent: { service: consent.service, notifications: consent.notifications, clock },
    }),
    origin,
  });
  return { authOptions, adminApi };
}

/** Wired once per server process, on first use (never at build time). */
export function viewas() {
  globalThis.viewas ??= wire();
  return globalThis.viewas;
}
