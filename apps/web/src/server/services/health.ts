import type { WebhookHealth } from '@viewas/impersonation-core';
import { sql } from 'drizzle-orm';
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
      await Promise.race([database().then((db) => db.execute(sql`select 1`)), timeout]);
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
