import type { AuthConfig } from '@auth/core';
import type { ApiRequest } from '@viewas/admin-api/server';
import { createFetchAdminApi, type FetchAdminApi, type FetchAdminApiOptions } from '../http/fetch-admin-api';
import { createReadOnlyGate, readOnlyResponse, type ReadOnlyGate } from '../http/read-only-gate';
import type { RequestInfo } from '../model';
import {
  createPostgresImpersonation,
  type PostgresImpersonation,
  type PostgresImpersonationOptions,
} from '../postgres/postgres-impersonation';
import { createAuthJsImpersonation, type AuthJsImpersonation } from './authjs-impersonation';
import { IMPERSONATE_PROVIDER_ID, RETURN_TO_ADMIN_PROVIDER_ID } from '../jwt-session/sign-in-attempts';

type Provider = AuthConfig['providers'][number];

/** `createPostgresImpersonation`'s options, and what the Auth.js side, the admin API and the gate need besides. */
export interface ViewasAuthJsOptions extends PostgresImpersonationOptions {
  /** Auth.js's `secret` (`AUTH_SECRET`): the session codec derives its key from it. */
  secret: string;
  /** The app's public URL (`AUTH_URL`); only its origin counts. `https://` gives the `__Host-` cookie names. */
  origin: string;
  /** The app's own sign-in (its `authorize` answers `{ id, email, claims: signInClaims(user, now) }`). */
  providers: readonly Provider[];
  /** Who is calling: the host knows which address header to trust. By default the user agent and no address. */
  requestInfo?: (request: ApiRequest) => RequestInfo;
  /** The admin API's own options (body limits, webhook health...). */
  adminApi?: Omit<FetchAdminApiOptions, 'impersonation' | 'sessions' | 'consent' | 'accountSettings' | 'origin'>;
}

/** An Auth.js v5 host's whole side of impersonation, and the domain under it for the host's own routes. */
export interface ViewasAuthJs extends PostgresImpersonation {
  /** Auth.js's whole config: `NextAuth(() => viewas.config)` (lazy, so nothing connects at build time). */
  config: AuthJsImpersonation['config'] & { providers: Provider[] };
  /** The admin and account API: route every method of `/api/admin/*` and `/api/account/*` to `adminApi.fetch`. */
  adminApi: FetchAdminApi;
  /** The read-only gate: a read-only view's state-changing request is refused, whatever route it targets. */
  refusesReadOnly: ReadOnlyGate;
  /** Next's `proxy` (or middleware) body: the gate's `403` as a `Response`, or `undefined` to go on. */
  proxy: (request: ApiRequest) => Promise<Response | undefined>;
  /** The caller's session from a `Cookie` header (never a Bearer header), checked against the domain. */
  sessions: AuthJsImpersonation['sessions'];
}

const userAgentOnly = (request: ApiRequest): RequestInfo => ({
  ip: null,
  userAgent: request.headers.get('user-agent')?.slice(0, 512) || null,
});

// Auth.js accepts a provider or its factory (called with no options, as Auth.js itself does to read the id); a
// provider's own options (`Credentials({ id })`) win over its defaults, as in Auth.js's parseProviders.
function providerId(provider: Provider): string {
  const resolved = (typeof provider === 'function' ? provider({}) : provider) as { id: string; options?: { id?: string } };
  return resolved.options?.id ?? resolved.id;
}

/**
 * An Auth.js v5 (`next-auth@5`) host's whole side of impersonation on one PostgreSQL database in one call: the
 * domain (`createPostgresImpersonation`), Auth.js's config with the app's own providers beside the core's two
 * (`createAuthJsImpersonation`: the cookies, the codec under their name, the JWT session and its claim rules),
 * the admin API and the read-only gate over the same session reader. Refuses an app provider whose id is one of
 * ours, which would take over the session client's sign-in.
 */
export function viewasAuthJs({
  secret,
  origin: url,
  providers,
  requestInfo = userAgentOnly,
  adminApi: adminApiOptions,
  ...domain
}: ViewasAuthJsOptions): ViewasAuthJs {
  const taken = providers.map(providerId).filter((id) => id === IMPERSONATE_PROVIDER_ID || id === RETURN_TO_ADMIN_PROVIDER_ID);
  if (taken.length) throw new Error(`viewasAuthJs: the provider id "${taken[0]}" is the core's own; give the app's provider another id`);
  const origin = new URL(url).origin;
  const wired = createPostgresImpersonation(domain);
  const { impersonation } = wired;
  const authjs = createAuthJsImpersonation({
    impersonation,
    secret,
    origin,
    sessionMaxAgeSeconds: domain.sessionMaxAgeSeconds,
    requestInfo,
    now: domain.clock?.now,
    logger: domain.logger,
  });
  const refusesReadOnly = createReadOnlyGate({ sessions: authjs.sessions, impersonation, origin, requestInfo });
  return {
    ...wired,
    config: { ...authjs.config, providers: [...providers, ...authjs.providers] },
    adminApi: createFetchAdminApi({ ...adminApiOptions, ...wired, sessions: authjs.sessions, origin }),
    refusesReadOnly,
    async proxy(request) {
      const refusal = await refusesReadOnly(request);
      return refusal ? readOnlyResponse(refusal) : undefined;
    },
    sessions: authjs.sessions,
  };
}
