import type { WebhookHealth } from '@viewas/impersonation-core';
import { users } from '@viewas/impersonation-core/postgres';
import type { Database } from '../db/database';

export interface HealthReport {
  status: 'ok' | 'degraded';
  db: 'up' | 'down';
  /** Ledger delivery by webhook, when `WEBHOOK_URL` is set and the database answers. */
  webhooks?: WebhookHealth;
  /** Each shared-signals receiver's SET delivery (`SSF_RECEIVERS`), in the same shape, named. */
  signals?: (WebhookHealth & { receiver: string; url: string })[];
}

/** How long a load balancer's probe waits for the database before calling it down. */
export const HEALTH_DB_TIMEOUT_MS = 2_000;

/**
 * The database probe: one row of the users table, through the schema the app runs on, so a database that
 * answers but was never migrated (or lost the table) is down too, as the app could not serve from it.
 */
const probe = (db: Database) => db.select({ id: users.id }).from(users).limit(1);

/**
 * `/api/health`'s answer: `ok` with the deliveries' health (when given) if the database answers the probe;
 * `degraded` with `db: 'down'` if a step fails, or the whole check takes longer than `timeoutMs`.
 */
export function createHealthCheck(
  database: () => Promise<Database>,
  {
    webhooks,
    signals,
    timeoutMs = HEALTH_DB_TIMEOUT_MS,
  }: {
    webhooks?: () => Promise<WebhookHealth>;
    signals?: () => Promise<NonNullable<HealthReport['signals']>>;
    timeoutMs?: number;
  } = {},
) {
  return async function checkHealth(): Promise<HealthReport> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database health check timed out')), timeoutMs);
    });
    try {
      await Promise.race([database().then(probe), timeout]);
      const report: HealthReport = { status: 'ok', db: 'up' };
      if (webhooks) report.webhooks = await Promise.race([webhooks(), timeout]);
      if (signals) report.signals = await Promise.race([signals(), timeout]);
      return report;
    } catch {
      return { status: 'degraded', db: 'down' };
    } finally {
      clearTimeout(timer);
    }
  };
}
