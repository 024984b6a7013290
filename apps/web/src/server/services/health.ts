import type { WebhookHealth } from '@viewas/impersonation-core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

export interface HealthReport {
  status: 'ok' | 'degraded';
  db: 'up' | 'down';
  /** Ledger delivery by webhook, when `WEBHOOK_URL` is set and the database answers. */
  webhooks?: WebhookHealth;
}

/** How long a load balancer's probe waits for the database before calling it down. */
export const HEALTH_DB_TIMEOUT_MS = 2_000;

export function createHealthCheck(
  database: () => Promise<Database>,
  { webhooks, timeoutMs = HEALTH_DB_TIMEOUT_MS }: { webhooks?: () => Promise<WebhookHealth>; timeoutMs?: number } = {},
) {
  return async function checkHealth(): Promise<HealthReport> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database health check timed out')), timeoutMs);
    });
    try {
      await Promise.race([database().then((db) => db.execute(sql`select 1`)), timeout]);
      if (!webhooks) return { status: 'ok', db: 'up' };
      return { status: 'ok', db: 'up', webhooks: await Promise.race([webhooks(), timeout]) };
    } catch {
      return { status: 'degraded', db: 'down' };
    } finally {
      clearTimeout(timer);
    }
  };
}
