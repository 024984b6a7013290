import type { KeyObject } from 'node:crypto';
import type { NoteSigner } from '@viewas/impersonation-core/checkpoints';
import type { SignalReceiver } from '@viewas/impersonation-core/shared-signals';
import { createAppServices, type AppServices, type AppServicesOptions } from '../../src/server/app/app-services';
import { createPasswordHasher, type PasswordHasher } from '../../src/server/auth/password';
import {
  DEFAULT_IMPERSONATION_MAX_MINUTES,
  DEFAULT_SESSION_MAX_AGE_SECONDS,
  type MailConfig,
  type SignalIssuerConfig,
} from '../../src/server/config/config';
import type { AccountPreferences } from '../../src/server/consent/consent-wiring';
import type { DatabaseProvider } from '../../src/server/db/database-provider';
import type {
  ImpersonationStore,
  ThrottlePolicy,
  UserRole,
  UserRow,
  UserStatus,
  WebhookConfig,
  WebhookPoster,
} from '@viewas/impersonation-core';
import { createLogger, type Logger } from '../../src/server/logging/logger';
import type { RequestScope } from '../../src/server/logging/request-scope';
import { CLIENT_IP_HEADER } from '../../src/server/runtime/client-address.mjs';
import type { PasswordThrottle } from '../../src/server/auth/password-sign-in';
import { serveOverHttp } from './http-server';
import { TestBrowser } from './test-browser';
import type { TestDatabase } from './test-database';

/** The public origin the app is configured with in tests, as if served behind a proxy on that name. */
export const PUBLIC_ORIGIN = 'http://app.viewas.test';
export const TEST_PASSWORD = 'correct horse battery staple';
export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';
/** A tiny scrypt cost: the format and comparison are the production ones, only the work factor is lower. */
export const testHasher: PasswordHasher = createPasswordHasher({ log2N: 4, r: 8, p: 1 });
const hasher = testHasher;

/** A clock the tests move instead of waiting; shared by every server of a test. Starts on a whole second. */
export class TestClock {
  private ms: number;
  constructor(start = new Date()) {
    this.ms = Math.floor(start.getTime() / 1000) * 1000;
  }
  readonly now = () => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface TestAppOptions {
  database: TestDatabase;
  /** The app's public origin; one per test file (next-auth reads it from the process environment). */
  origin?: string;
  clock?: TestClock;
  sessionMaxAgeSeconds?: number;
  impersonationMaxMinutes?: number;
  impersonationReauthMinutes?: number;
  /** The policy's minimum account age before support may view it (`SUPPORT_MIN_ACCOUNT_AGE_DAYS`); off by default. */
  supportMinAccountAgeDays?: number;
  throttle?: PasswordThrottle;
  anonymousDenialLimit?: ThrottlePolicy;
  actorDenialLimit?: ThrottlePolicy;
  /** Uses of the first administrator's setup form per address. */
  setupLimit?: ThrottlePolicy;
  /** Replaces the database as the app sees it, e.g. to make it unreachable. */
  databaseProvider?: DatabaseProvider;
  /** Where the app logs (silent by default), and the scope that stamps request ids on its lines. */
  logger?: Logger;
  requestScope?: RequestScope;
  /** Replaces the (fast) test password hasher, e.g. to count or slow down password checks. */
  hasher?: PasswordHasher;
  /** How many proxies the server trusts to report the client's address in `X-Forwarded-For` (server.mjs's TRUST_PROXY). */
  trustedProxies?: number;
  /** The users' consent and e-mail choices (account settings). */
  preferences?: AccountPreferences;
  /** E-mail notifications through this SMTP server. */
  mail?: MailConfig;
  /** next-auth's pages in the app's name and colours, as the server gives them (server/auth/sign-in-theme.ts). */
  signInTheme?: AppServicesOptions['signInTheme'];
  /** Ledger webhooks: the worker starts with the app and stops when it closes. */
  webhooks?: WebhookConfig;
  webhookPoster?: WebhookPoster;
  webhookPollMs?: number;
  /** `METRICS_TOKEN`: `GET /metrics` answers 404 without one. */
  metricsToken?: string;
  /** prom-client's process metrics (off unless asked: each app would add its own observers). */
  processMetrics?: boolean;
  /** Ledger checkpoints signed with this key (the worker is not started: tests sign with `services.checkpoints`). */
  checkpointSigner?: NoteSigner;
  /** The shared-signals transmitter, signing with this key: its workers start with the app and stop when it closes. */
  signalKey?: KeyObject;
  /** `SSF_RECEIVERS`: where SETs are pushed (only with `signalKey`). */
  signalReceivers?: SignalReceiver[];
  signalPoster?: WebhookPoster;
  signalPollMs?: number;
  /** `SSF_ISSUERS`: the transmitters whose SETs `POST /api/ssf/events` acts on. */
  signalIssuers?: SignalIssuerConfig[];
  signalRefusalLimit?: ThrottlePolicy;
}

export interface TestApp {
  url: string;
  clock: TestClock;
  services: AppServices;
  storage: ImpersonationStore;
  browser(): TestBrowser;
  createUser(fields?: { email?: string; name?: string; role?: UserRole; status?: UserStatus }): Promise<UserRow>;
  /** A browser signed in with e-mail and password. */
  signedIn(user: Pick<UserRow, 'email'>): Promise<TestBrowser>;
  /** A staff browser that started an impersonation of `target` (read-only unless `mode` says otherwise) and took it over. */
  impersonating(
    admin: Pick<UserRow, 'email'>,
    target: Pick<UserRow, 'id'>,
    reason?: string,
    mode?: 'read_only' | 'full',
  ): Promise<{ browser: TestBrowser; impersonationId: string }>;
  close(): Promise<void>;
}

let emailCounter = 0;

/** One app server over real HTTP on a test database. Several may share a database and a clock. */
export async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const clock = options.clock ?? new TestClock();
  const origin = options.origin ?? PUBLIC_ORIGIN;
  const database: DatabaseProvider = options.databaseProvider ?? {
    get: async () => options.database.handle.db,
    subscribe: (channel, onChange) => options.database.handle.subscribe(channel, onChange),
    close: async () => undefined,
  };
  const services = createAppServices({
    config: {
      origin,
      sessionMaxAgeSeconds: options.sessionMaxAgeSeconds ?? DEFAULT_SESSION_MAX_AGE_SECONDS,
      impersonationMaxMinutes: options.impersonationMaxMinutes ?? DEFAULT_IMPERSONATION_MAX_MINUTES,
      impersonationReauthMinutes: options.impersonationReauthMinutes,
      supportMinAccountAgeDays: options.supportMinAccountAgeDays,
      clientIpHeader: CLIENT_IP_HEADER,
      mail: options.mail ?? null,
      webhooks: options.webhooks ?? null,
      metricsToken: options.metricsToken ?? null,
      signalReceivers: options.signalReceivers ?? [],
      signalIssuers: options.signalIssuers ?? [],
    },
    signalRefusalLimit: options.signalRefusalLimit,
    signalKey: options.signalKey ?? null,
    signalPoster: options.signalPoster,
    signalPollMs: options.signalPollMs,
    processMetrics: options.processMetrics ?? false,
    webhookPoster: options.webhookPoster,
    webhookPollMs: options.webhookPollMs,
    checkpointSigner: options.checkpointSigner ?? null,
    preferences: options.preferences,
    secret: TEST_SECRET,
    database,
    logger: options.logger ?? createLogger('silent'),
    requestScope: options.requestScope,
    now: clock.now,
    hasher: options.hasher ?? hasher,
    throttle: options.throttle,
    anonymousDenialLimit: options.anonymousDenialLimit,
    actorDenialLimit: options.actorDenialLimit,
    setupLimit: options.setupLimit,
    signInTheme: options.signInTheme,
  });
  // As at a server's start-up: the view of live impersonations is read once (later reads reload it on demand).
  await services.liveImpersonations.refresh();
  const server = await serveOverHttp(services.handle, { trustedProxies: options.trustedProxies });
  services.webhooks?.start();
  services.transmitter?.start();
  const storage = options.database.storage;
  const browser = () => new TestBrowser(server.url, origin);

  const app: TestApp = {
    url: server.url,
    clock,
    services,
    storage,
    browser,
    async createUser({ email, name = null, role = 'user', status = 'active' } = {}) {
      emailCounter += 1;
      return storage.users.create({
        email: email ?? `${role}-${emailCounter}-${Date.now()}@example.com`,
        name,
        role,
        status,
        passwordHash: await hasher.hash(TEST_PASSWORD),
      });
    },
    async signedIn(user) {
      const signedIn = browser();
      const result = await signedIn.signIn('credentials', { email: user.email, password: TEST_PASSWORD });
      if (!result.ok) throw new Error(`test sign-in of ${user.email} failed: ${result.error}`);
      return signedIn;
    },
    async impersonating(admin, target, reason = 'Support ticket 4242', mode) {
      const adminBrowser = await app.signedIn(admin);
      const started = await adminBrowser.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
        userId: target.id,
        reason,
        ...(mode ? { mode } : {}),
      });
      if (started.status !== 200) throw new Error(`test impersonation failed: ${JSON.stringify(started.body)}`);
      const takeOver = await adminBrowser.signIn('impersonate', { impersonationId: started.body.impersonationId });
      if (!takeOver.ok) throw new Error(`test take-over failed: ${takeOver.error}`);
      return { browser: adminBrowser, impersonationId: started.body.impersonationId };
    },
    async close() {
      await server.close();
      await services.webhooks?.stop();
      await services.transmitter?.stop();
    },
  };
  return app;
}
