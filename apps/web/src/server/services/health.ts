import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

export interface HealthReport {
  status: 'ok' | 'degraded';
  db: 'up' | 'down';
}

/** How long a load balancer's probe waits for the database before calling it down. */
export const HEALTH_DB_TIMEOUT_MS = 2_000;

export function createHealthCheck(database: () => Promise<Database>, timeoutMs = HEALTH_DB_TIMEOUT_MS) {
  return async function checkHealth(): Promise<HealthReport> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database health check timed out')), timeoutMs);
    });
    try {
      await Promise.race([database().then((db) => db.execute(sql`select 1`)), timeout]);
      return { status: 'ok', db: 'up' };
    } catch {
      return { status: 'degraded', db: 'down' };
    } finally {
      clearTimeout(timer);
    }
  };
}
