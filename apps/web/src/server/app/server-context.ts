import { brandTheme } from '../../app/_lib/brand-theme';
import { signInTheme } from '../auth/sign-in-theme';
import { getMessages } from '../../i18n/messages';
import { DEFAULT_LOCALE } from '../../i18n/locales';
import { createPasswordHasher } from '../auth/password';
import { loadConfig, type AppConfig } from '../config/config';
import { resolveSessionSecret } from '../config/session-secret';
import { resolveCheckpointSigner } from '../config/checkpoint-key';
import { resolveSetSigningKey } from '../config/ssf-signing-key';
import { DataDirLockedError, DataDirLockUnavailableError } from '../db/data-dir-lock';
import { LIVE_IMPERSONATIONS_CHANNEL, SESSION_REVOCATIONS_CHANNEL } from '@viewas/impersonation-core/postgres';
import { openConfiguredDatabase, type DemoSeeded } from '../db/open-database';
import { createLogger } from '../logging/logger';
import { createRequestScope } from '../logging/request-scope';
import { offerApp, printBanner } from '../runtime/server-bridge.mjs';
import { createAppServices, type AppServices } from './app-services';
import { demoAccountsBanner, runningBanner, setupLinkBanner } from './first-run-banner';

export type ServerContext = AppServices & { config: AppConfig };

/** How often a server closes impersonations whose time is up (so the ledger shows expiries promptly) and prunes sign-in counts. */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

// On globalThis, not in a module variable: Next.js may load this module once per route bundle (and
// again on every dev reload), but the process must have one database connection and one PGlite lock.
// What the production server (server.mjs) gets from the app goes through runtime/server-bridge.mjs instead.
const CONTEXT = Symbol.for('viewas.server-context');
const DEMO_SEEDED = Symbol.for('viewas.demo-seeded');
type ContextHolder = typeof globalThis & {
  [CONTEXT]?: ServerContext;
  [DEMO_SEEDED]?: DemoSeeded;
};

/**
 * The app's server side for this process, created on first use from the environment. Pages use
 * `getServerContext().getCurrentSession(await cookies())`; route handlers `getServerContext().handle`.
 */
export function getServerContext(): ServerContext {
  const holder = globalThis as ContextHolder;
  return (holder[CONTEXT] ??= createServerContext());
}

function createServerContext(): ServerContext {
  const config = loadConfig(process.env, { cwd: process.cwd() });
  const requestScope = createRequestScope();
  const logger = createLogger(config.logLevel, { requestScope });
  const hasher = createPasswordHasher();
  const holder = globalThis as ContextHolder;
  const database = openConfiguredDatabase(config, { logger, hasher, onDemoSeeded: (seeded) => (holder[DEMO_SEEDED] = seeded) });
  return {
    config,
    ...createAppServices({
      config,
      secret: resolveSessionSecret(config, (message) => logger.warn(message)),
      checkpointSigner: resolveCheckpointSigner(config, {
        warn: (message) => logger.warn(message),
        info: (message) => logger.info(message),
      }),
      signalKey: resolveSetSigningKey(config, {
        warn: (message) => logger.warn(message),
        info: (message) => logger.info(message),
      }),
      database,
      logger,
      requestScope,
      hasher,
      signInTheme: signInTheme(getMessages(DEFAULT_LOCALE).app.name, brandTheme),
    }),
  };
}

/**
 * What the person starting the server needs to know, as plain text: the demo accounts and their
 * password (try-it path), or the one-time link for the first administrator (an empty deployment).
 * `null` when there is nothing to say (a deployment with accounts).
 */
async function firstRunBanner(context: ServerContext): Promise<string | null> {
  const holder = globalThis as ContextHolder;
  const seeded = holder[DEMO_SEEDED];
  delete holder[DEMO_SEEDED];
  const { origin, database, demoSeed } = context.config;
  const dataDir = database.kind === 'pglite' ? database.dataDir : null;
  if (seeded && dataDir) return demoAccountsBanner({ url: origin, dataDir, seeded });
  const token = await context.firstAdminSetup.issueIfEmpty();
  if (token) return setupLinkBanner({ url: origin, token });
  return demoSeed ? runningBanner({ url: origin, dataDir }) : null;
}

/**
 * Start-up checks (from instrumentation.ts): a bad configuration or an embedded database held by another
 * process stops the server with a clear message; an unreachable PostgreSQL does not (requests answer
 * 503 until it is back). Then housekeeping runs periodically, until the server's shutdown (after its
 * last request) stops it and closes the database: the pool, or PGlite and its DATA_DIR lock.
 */
export async function startServer(): Promise<ServerContext> {
  const context = getServerContext();
  try {
    await context.database.get();
    const banner = await firstRunBanner(context);
    // Plain text on standard error, never the JSON log: it may hold a password or a one-time link.
    if (banner) printBanner(banner);
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DataDirLockUnavailableError) throw error;
    context.logger.error({ err: error }, 'the database is not reachable yet; it will be retried on the next request');
  }
  // The view of live impersonations: reloaded every second, and at once when the database announces that a
  // running view may have stopped (migration 0012's triggers); a server that cannot read it ends impersonated sessions.
  const unsubscribe = context.database.subscribe(LIVE_IMPERSONATIONS_CHANNEL, (payload) => context.liveImpersonations.changed(payload));
  await context.liveImpersonations.start();
  // The view of revoked sessions (sign-outs, raised session generations, migration 0015), the same way: read
  // in full now, then what is new every second and at once on the database's notification.
  const unsubscribeRevocations = context.database.subscribe(SESSION_REVOCATIONS_CHANNEL, () => context.revokedSessions.changed());
  await context.revokedSessions.start();
  const timer = setInterval(() => {
    context.housekeeping().catch((error: unknown) => context.logger.warn({ err: error }, 'housekeeping failed'));
  }, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  // E-mail notifications: every app server delivers the shared outbox (each message by one of them).
  context.consent.mailWorker?.start();
  // Ledger webhooks: every app server delivers the shared outbox (each attempt by one of them).
  context.webhooks?.start();
  // Signed ledger checkpoints: every app server looks for one that is due (each size is stored once).
  context.checkpoints?.start();
  // Shared signals: every app server pushes each receiver's SETs from the shared outbox (each attempt by one of them).
  context.transmitter?.start();
  offerApp({
    readSession: context.readSession,
    observeRequest: context.observeRequest,
    async shutdown() {
      clearInterval(timer);
      context.liveImpersonations.stop();
      context.revokedSessions.stop();
      await unsubscribe();
      await unsubscribeRevocations();
      await context.consent.mailWorker?.stop();
      await context.webhooks?.stop();
      await context.checkpoints?.stop();
      await context.transmitter?.stop();
      await context.database.close();
      context.logger.info('database closed');
    },
  });
  return context;
}

/** `startServer` for the Next.js server: a failure to start is printed plainly and ends the process. */
export async function startServerOrExit(): Promise<void> {
  try {
    await startServer();
  } catch (error) {
    console.error(`\nViewas cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
