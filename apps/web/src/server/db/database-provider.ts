import type { Database, DatabaseHandle } from './database';

export interface DatabaseProvider {
  /** The ready database: opened and prepared on first use; a failed attempt is retried by the next call. */
  get(): Promise<Database>;
  /** `DatabaseHandle.subscribe` on the database once it is open (retried each second until it opens). */
  subscribe(channel: string, onChange: (payload?: string) => void): () => Promise<void>;
  close(): Promise<void>;
}

const SUBSCRIBE_RETRY_MS = 1_000;

/**
 * Opens the database lazily, so nothing touches it at import time and a database that is down when
 * the app starts is picked up as soon as it is back, without a restart.
 */
export function createDatabaseProvider(
  open: () => Promise<DatabaseHandle>,
  prepare: (handle: DatabaseHandle) => Promise<void>,
): DatabaseProvider {
  let handle: Promise<DatabaseHandle> | undefined;
  let ready: Promise<Database> | undefined;

  const openOnce = () =>
    (handle ??= open().catch((error: unknown) => {
      handle = undefined;
      throw error;
    }));

  return {
    get() {
      ready ??= openOnce()
        .then(async (opened) => {
          await prepare(opened);
          return opened.db;
        })
        .catch((error: unknown) => {
          ready = undefined;
          throw error;
        });
      return ready;
    },
    subscribe(channel, onChange) {
      let stop: (() => Promise<void>) | undefined;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let cancelled = false;
      const attempt = () => {
        openOnce().then(
          (opened) => {
            if (!cancelled) stop = opened.subscribe(channel, onChange);
          },
          () => {
            if (cancelled) return;
            retry = setTimeout(attempt, SUBSCRIBE_RETRY_MS);
            retry.unref();
          },
        );
      };
      attempt();
      return async () => {
        cancelled = true;
        clearTimeout(retry);
        await stop?.();
      };
    },
    async close() {
      const opened = handle;
      handle = undefined;
      ready = undefined;
      // An attempt that never opened has nothing to close.
      await opened?.then(
        (database) => database.close(),
        () => undefined,
      );
    },
  };
}
