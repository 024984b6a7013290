import type { AuthOptions } from 'next-auth';
import { randomUUID, type KeyObject } from 'node:crypto';
import {
  createAccountSettingsService,
  createImpersonation,
  defaultAccessPolicy,
  DEFAULT_ACTOR_DENIAL_LIMIT,
  DEFAULT_ANONYMOUS_DENIAL_LIMIT,
  type ImpersonationStore,
  type NewLedgerEvent,
  type Staff,
  type ThrottlePolicy,
  type WebhookPoster,
} from '@viewas/impersonation-core';
import {
  createJwtCodec,
  createSessionEndpoint,
  createSessionRead,
  createSessionReader,
  sessionCookieName,
  toSessionUser,
  type SessionEndpointOptions,
} from '@viewas/impersonation-core/next-auth';
import { createAccountSettingsStore, createPostgresStore, readOperationalGauges } from '@viewas/impersonation-core/postgres';
import type { NoteSigner } from '@viewas/impersonation-core/checkpoints';
import { createAdminApiService } from '@viewas/impersonation-core/http';
import type { SessionUser } from '@viewas/session-client';
import { createOpenApiDocument } from '@viewas/admin-api/server';
import { createAdminApiHandlers } from '@viewas/admin-api/server';
import { createAuthHandler } from '../auth/auth-handler';
import { createAuthOptions } from '../auth/auth-options';
import { decodeOncePerRequest } from '../auth/decode-once';
import { createAuthRequests } from '../auth/auth-request';
import { createPasswordHasher, type PasswordHasher } from '../auth/password';
import { createPasswordSignIn, DEFAULT_THROTTLE, type PasswordThrottle } from '../auth/password-sign-in';
import type { AppConfig } from '../config/config';
import type { DatabaseProvider } from '../db/database-provider';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Logger } from '../logging/logger';
import { createRequestScope, type RequestScope } from '../logging/request-scope';
import { accountPreferences, wireConsent, type AccountPreferences } from '../consent/consent-wiring';
import { createFirstAdminSetup } from '../services/first-admin-setup';
import { createHealthCheck } from '../services/health';
import { wireWebhooks } from '../webhooks/webhook-wiring';
import { createCheckpointEndpoints } from '../ledger/checkpoint-endpoints';
import { wireCheckpoints } from '../ledger/checkpoint-wiring';
import { sessionSignalChannel, signalRouting } from '@viewas/impersonation-core/shared-signals';
import { wireTransmitter } from '../shared-signals/transmitter-wiring';
import { createSignalEndpoints } from '../shared-signals/signal-endpoints';
import { createSignalReceiverEndpoint, trustedIssuers } from '../shared-signals/receiver-wiring';
import { clientIp } from '../services/request-info';
import type { AdminPageAccess } from '../security/proxy-handler';
import { API_REFERENCE_INFO } from './api-reference-info';
import { createOpenApiEndpoint } from './openapi-endpoint';
import { createSetupApi } from './setup-api';
import { createWebHandler } from './web-handler';
import { createReadOnlyGate } from '../security/read-only-gate';
import { createAppMetrics } from '../metrics/app-metrics';
import { createMetricsEndpoint } from '../metrics/metrics-endpoint';

export interface AppServicesOptions {
  config: Pick<AppConfig, 'origin' | 'sessionMaxAgeSeconds' | 'impersonationMaxMinutes' | 'clientIpHeader'> &
    Partial<
      Pick<
        AppConfig,
        | 'mail'
        | 'impersonationReauthMinutes'
        | 'supportMinAccountAgeDays'
        | 'webhooks'
        | 'metricsToken'
        | 'signalReceivers'
        | 'signalIssuers'
      >
    >;
  /** How webhook requests are sent (tests inject a slower or failing one); `fetch` without redirects by default. */
  webhookPoster?: WebhookPoster;
  /** How often the webhook worker looks for due rows when nothing woke it. */
  webhookPollMs?: number;
  /** Signs the ledger's checkpoints (config/checkpoint-key.ts); `null` or absent: checkpoints off. */
  checkpointSigner?: NoteSigner | null;
  /** How often the checkpoint worker looks for a checkpoint that is due. */
  checkpointPollMs?: number;
  /** Signs our Security Event Tokens (config/ssf-signing-key.ts); `null` or absent: the SSF transmitter is off. */
  signalKey?: KeyObject | null;
  /** How SETs are pushed (tests inject a failing one); `fetch` without redirects by default. */
  signalPoster?: WebhookPoster;
  /** How often each receiver's worker looks for due SETs when nothing woke it. */
  signalPollMs?: number;
  /** Refused SETs per address at `POST /api/ssf/events` before it is locked out. */
  signalRefusalLimit?: ThrottlePolicy;
  secret: string;
  /** next-auth's own pages in the app's colours and mark (auth/sign-in-theme.ts). */
  signInTheme?: AuthOptions['theme'];
  database: DatabaseProvider;
  logger: Logger;
  /** The per-request logging scope the logger reads its `requestId` from; a private one by default. */
  requestScope?: RequestScope;
  /** The clock every expiry is measured with; tests move it instead of waiting. */
  now?: () => Date;
  hasher?: PasswordHasher;
  throttle?: PasswordThrottle;
  /** How many denied impersonation steps without a session one address may add to the ledger. */
  anonymousDenialLimit?: ThrottlePolicy;
  /** Denied impersonation steps per signed-in actor. */
  actorDenialLimit?: ThrottlePolicy;
  /** Where the users' consent choices are read from: their account settings unless a test says otherwise. */
  preferences?: AccountPreferences;
  /** prom-client's process metrics in `GET /metrics` (on by default). */
  processMetrics?: boolean;
  /** Uses of the first administrator's setup form per address (each may hash a password). */
  setupLimit?: ThrottlePolicy;
}

/** Something that holds the request's cookies: a `Cookie` header, or Next's `cookies()`. */
export type CookieSource = string | null | undefined | { getAll(): { name: string; value: string }[] };

/**
 * The app's server side, wired from its configuration and a database: the web handler for every API
 * route, and the session helpers pages use. Nothing here runs at import time or reads `process.env`.
 */
export function createAppServices({
  config,
  secret,
  database,
  logger,
  requestScope = createRequestScope(),
  now = () => new Date(),
  hasher = createPasswordHasher(),
  throttle = DEFAULT_THROTTLE,
  anonymousDenialLimit = DEFAULT_ANONYMOUS_DENIAL_LIMIT,
  actorDenialLimit = DEFAULT_ACTOR_DENIAL_LIMIT,
  preferences,
  webhookPoster,
  webhookPollMs,
  processMetrics,
  checkpointSigner = null,
  checkpointPollMs,
  signalKey = null,
  signalPoster,
  signalPollMs,
  signalRefusalLimit,
  setupLimit,
  signInTheme,
}: AppServicesOptions) {
  // With webhooks on, every ledger row is queued for delivery in its own transaction; with shared-signals
  // receivers, every row that is a CAEP event is queued for each of them, in the same transaction. Every
  // committed row is counted in the metrics: the one place all starts, ends and denials pass.
  const receivers = signalKey ? (config.signalReceivers ?? []) : [];
  const storeOptions = {
    webhookOutbox: signalRouting({ webhooks: Boolean(config.webhooks), receivers }),
    sessionSignals: receivers.map(sessionSignalChannel),
    onRecorded: (event: NewLedgerEvent) => metrics.recorded(event),
  };
  const store = async (): Promise<ImpersonationStore> => createPostgresStore(await database.get(), storeOptions);
  const webhooks = config.webhooks
    ? wireWebhooks({ config: config.webhooks, database, now, logger, post: webhookPoster, pollMs: webhookPollMs })
    : null;
  const checkpoints = checkpointSigner
    ? wireCheckpoints({
        signer: checkpointSigner,
        database,
        now,
        logger,
        webhookOutbox: storeOptions.webhookOutbox,
        pollMs: checkpointPollMs,
      })
    : null;
  const transmitter = signalKey
    ? wireTransmitter({
        issuer: config.origin,
        privateKey: signalKey,
        receivers,
        database,
        now,
        logger,
        post: signalPoster,
        pollMs: signalPollMs,
      })
    : null;
  // The admin page and `/api/health` show each receiver's deliveries (none without receivers).
  const signalHealth = transmitter && receivers.length > 0 ? transmitter.health : undefined;
  const signInWithPassword = createPasswordSignIn({ store, hasher, now, logger, throttle });
  const accountSettings = createAccountSettingsService({
    store: async () => createAccountSettingsStore(await database.get()),
    clock: { now },
    newId: randomUUID,
    // The user turned support access to `never`: any view of their account ends now. The change itself
    // is saved either way; a failure here is logged, and the view still ends at its expiry.
    onConsentWithdrawn: async (user) => {
      try {
        await impersonation.endViewsOnConsentWithdrawn(user);
      } catch (error) {
        logger.error({ err: error, userId: user.id }, 'could not end the views of a user who withdrew consent');
      }
    },
  });
  const consent = wireConsent({
    database,
    now,
    origin: config.origin,
    mail: config.mail ?? null,
    preferences: preferences ?? accountPreferences(accountSettings),
    logger,
    storeOptions,
  });
  const impersonation = createImpersonation({
    store,
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
    policy: defaultAccessPolicy({
      maxMinutes: config.impersonationMaxMinutes,
      minAccountAgeForSupportDays: config.supportMinAccountAgeDays ?? undefined,
    }),
    reauthMinutes: config.impersonationReauthMinutes,
    passwords: { check: signInWithPassword.checkPassword, hash: (password) => hasher.hash(password) },
    clock: { now },
    anonymousDenialLimit,
    actorDenialLimit,
    logger: logger.child({ component: 'impersonation' }),
    consent: { service: consent.service, supportAccessOfMany: consent.supportAccessOfMany },
  });
  const codec = decodeOncePerRequest(createJwtCodec({ secret, sessionMaxAgeSeconds: config.sessionMaxAgeSeconds, now }), requestScope);
  const cookieName = sessionCookieName(config.origin);
  const sessions = createSessionReader({ codec, cookieName, checkSession: impersonation.checkSession });

  const sessionOptions: SessionEndpointOptions = {
    sessions,
    codec,
    cookieName,
    secureCookie: config.origin.startsWith('https://'),
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
  };
  const authRequests = createAuthRequests(requestScope);
  const auth = createAuthHandler({
    origin: config.origin,
    authRequests,
    authOptions: createAuthOptions({
      secret,
      origin: config.origin,
      sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
      clientIpHeader: config.clientIpHeader,
      codec,
      sessions,
      impersonation,
      signInWithPassword,
      logger,
      authRequests,
      theme: signInTheme,
    }),
    sessionEndpoint: createSessionEndpoint(sessionOptions),
  });
  const adminApi = createAdminApiHandlers({
    service: createAdminApiService({
      impersonation,
      sessions,
      consent: { service: consent.service, notifications: consent.notifications, clock: { now } },
      accountSettings,
      webhookHealth: webhooks?.health,
      signalHealth,
    }),
    origin: config.origin,
    getClientIp: (request) => clientIp(request.headers, config.clientIpHeader),
    classifyError: (error) => (isDatabaseUnavailable(error) ? 'unavailable' : 'internal'),
    onError: (error, request) =>
      logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, 'admin API call failed'),
  });
  const firstAdminSetup = createFirstAdminSetup({ database: database.get, hasher, now, logger, limit: setupLimit });
  // The app's route table under /api/admin and /api/account, and its description: one list, so a
  // route cannot be served without being documented (or the other way round).
  const apiRoutes = adminApi.routes;
  const openApiDocument = createOpenApiDocument({
    routes: apiRoutes,
    info: API_REFERENCE_INFO,
    serverUrl: config.origin,
    sessionCookieName: cookieName,
  });
  const openApi = createOpenApiEndpoint({
    document: openApiDocument,
    currentUser: (request) => getCurrentSession(request.headers.get('cookie')),
  });
  const metrics = createAppMetrics({
    apiPatterns: apiRoutes.map((route) => route.path),
    readGauges: async () => readOperationalGauges(await database.get(), now()),
    logger,
    processMetrics,
  });
  const refusesReadOnly = createReadOnlyGate({ sessions, impersonation, origin: config.origin, clientIpHeader: config.clientIpHeader });
  const { handle, readSession } = createWebHandler({
    auth,
    session: createSessionRead(sessionOptions),
    adminApi: adminApi.answer,
    openApi,
    health: createHealthCheck(database.get, {
      webhooks: webhooks?.health,
      signals: signalHealth,
    }),
    metrics: createMetricsEndpoint({ token: config.metricsToken ?? null, metrics }),
    onSessionRead: metrics.sessionRead,
    checkpoints: createCheckpointEndpoints({
      checkpoints,
      isUnavailable: isDatabaseUnavailable,
      otherKeys: async () => (transmitter ? [await transmitter.jwk()] : []),
    }),
    signals: createSignalEndpoints({
      transmitter,
      receiver:
        (config.signalIssuers ?? []).length > 0
          ? createSignalReceiverEndpoint({
              issuers: trustedIssuers(config.signalIssuers ?? [], config.origin),
              origin: config.origin,
              database,
              store,
              impersonation,
              now,
              logger,
              clientIpHeader: config.clientIpHeader,
              onResult: metrics.signalReceived,
              refusalLimit: signalRefusalLimit,
            })
          : null,
    }),
    setup: createSetupApi({ setup: firstAdminSetup, origin: config.origin, clientIpHeader: config.clientIpHeader, logger }),
    refusesReadOnly,
    logger,
    requestScope,
    https: config.origin.startsWith('https://'),
  });

  /** The signed-in user, from the cookie alone for an ordinary session; `null` when signed out or ended. */
  async function getCurrentSession(cookies: CookieSource): Promise<SessionUser | null> {
    const session = await sessions.fromCookieHeader(toCookieHeader(cookies));
    return session.status === 'valid' ? toSessionUser(session.claims) : null;
  }

  /** The signed-in user and their staff record if the database says they are active staff (admin or support) in their own session, else `null`. */
  async function getAdminSession(cookies: CookieSource): Promise<{ user: SessionUser; staff: Staff } | null> {
    const user = await getCurrentSession(cookies);
    if (!user || user.isImpersonated) return null;
    const staff = await impersonation.findStaff(user.id);
    return staff ? { user: { ...user, role: staff.user.role }, staff } : null;
  }

  /**
   * For the proxy's answer to an admin page: `not-admin` is a signed-in user the database does not
   * know as an active admin in their own session; `unknown` when the database cannot say.
   */
  async function adminPageAccess(cookies: CookieSource): Promise<AdminPageAccess> {
    if (!(await getCurrentSession(cookies))) return 'signed-out';
    try {
      return (await getAdminSession(cookies)) ? 'admin' : 'not-admin';
    } catch (error) {
      logger.warn({ err: error }, 'could not check admin access for an admin page');
      return 'unknown';
    }
  }

  /** Periodic upkeep: record the expiries nobody noticed yet, and forget failure counts that no longer count. */
  async function housekeeping(): Promise<void> {
    await impersonation.sweepExpired();
    await consent.service.sweepExpired();
    await (
      await store()
    ).throttle.purgeStale(
      now(),
      Math.max(throttle.account.windowMs, throttle.ip.windowMs, anonymousDenialLimit.windowMs, actorDenialLimit.windowMs),
    );
  }

  return {
    handle,
    readSession,
    /** Called by the production server (server.mjs) as each request finishes: the request duration histogram. */
    observeRequest: metrics.observeRequest,
    liveImpersonations: impersonation.liveImpersonations,
    revokedSessions: impersonation.revokedSessions,
    apiRoutes,
    openApiDocument,
    getCurrentSession,
    getAdminSession,
    adminPageAccess,
    refusesReadOnly,
    impersonation,
    consent,
    accountSettings,
    webhooks,
    checkpoints,
    transmitter,
    housekeeping,
    firstAdminSetup,
    store,
    database,
    logger,
  };
}

export type AppServices = ReturnType<typeof createAppServices>;

function toCookieHeader(cookies: CookieSource): string | null {
  if (cookies === null || cookies === undefined || typeof cookies === 'string') return cookies ?? null;
  return cookies
    .getAll()
    .map(({ name, value }) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
}
