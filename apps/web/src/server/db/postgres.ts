import { schema } from '@viewas/impersonation-core/postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Client, Pool } from 'pg';
import type { Database, DatabaseHandle } from './database';

export interface PostgresOptions {
  url: string;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
  poolMax: number;
  /** Errors of idle pooled connections (the server went away): reported, never fatal. */
  onIdleError?: (error: Error) => void;
}

// Any number: it only has to be the same for every app server migrating this database.
const MIGRATION_LOCK_KEY = 7_220_466_175;

/**
 * A node-postgres pool with bounded waits: connecting, and every statement (client- and server-side),
 * so a database outage turns into a fast error rather than a hung request. The pool reconnects by
 * itself once the server is back.
 */
export function openPostgres(options: PostgresOptions): DatabaseHandle {
  const pool = new Pool({
    connectionString: options.url,
    max: options.poolMax,
    connectionTimeoutMillis: options.connectTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    statement_timeout: options.queryTimeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: 'viewas',
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  const db = drizzle({ client: pool, schema }) as unknown as Database;

  return {
    kind: 'postgres',
    db,
    async migrate(migrationsFolder) {
      // Several app servers may start at once: an advisory lock lets one migrate while the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    subscribe: (channel, onChange) => listen(options, channel, onChange),
    close: () => pool.end(),
  };
}

/** How long a dropped listening connection waits before it connects again. */
export const LISTEN_RETRY_MS = 1_000;

/**
 * A connection of its own (a pooled one would be handed to queries) that listens on `channel` and
 * comes back after the database restarts or the network drops it.
 */
function listen(options: PostgresOptions, channel: string, onChange: (payload?: string) => void): () => Promise<void> {
  let current: Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const reconnectLater = (failed: Client) => {
    if (current === failed) current = undefined;
    failed.removeAllListeners('notification');
    failed.end().catch(() => undefined);
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, LISTEN_RETRY_MS);
    retry.unref();
  };

  async function connect() {
    const client = new Client({
      connectionString: options.url,
      connectionTimeoutMillis: options.connectTimeoutMs,
      application_name: 'viewas-listen',
    });
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      reconnectLater(client);
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', (message) => onChange(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (stopped) return void client.end().catch(() => undefined);
      current = client;
      onChange();
    } catch {
      fail();
    }
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
