import { createCheckpointer, type NoteSigner, type StoredCheckpoint } from '@viewas/impersonation-core/checkpoints';
import { createCheckpointRepository, type CheckpointDelivery, type OutboxRouting } from '@viewas/impersonation-core/postgres';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import type { DatabaseProvider } from '../db/database-provider';
import type { Logger } from '../logging/logger';

/** How often each app server looks for a checkpoint that is due (100 rows are signed within this long). */
export const CHECKPOINT_POLL_MS = 2_000;

/** The last checkpoint, as the admin page shows it. */
export interface CheckpointSummary {
  size: number;
  createdAt: string;
  /** The `ledger.checkpoint` row that carries it to the webhooks. */
  eventId: number;
  /** `null` when webhooks are off (the note is public at /api/ledger/checkpoint only). */
  delivery: CheckpointDelivery | null;
}

export interface CheckpointWiring {
  /** The public key as a C2SP note verifier key (`GET /api/ledger/checkpoint/key`). */
  verifierKey: string;
  /** The public key as an OKP/Ed25519 JWK (`/.well-known/jwks.json`). */
  jwk(): Promise<JWK>;
  latest(): Promise<StoredCheckpoint | null>;
  summary(): Promise<CheckpointSummary | null>;
  /** One round now: signs what is due. */
  checkpointIfDue(): Promise<StoredCheckpoint[]>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Signed checkpoints of the ledger, with a key from outside the database: every app server looks every
 * `pollMs` (each size is stored once), and each checkpoint's announcement row goes to the webhooks like any row.
 */
export function wireCheckpoints({
  signer,
  database,
  now,
  logger,
  webhookOutbox,
  pollMs = CHECKPOINT_POLL_MS,
}: {
  signer: NoteSigner;
  database: DatabaseProvider;
  now: () => Date;
  logger: Logger;
  /** The store's outbox routing: the announcement rows go to the webhooks like any row. */
  webhookOutbox: OutboxRouting;
  pollMs?: number;
}): CheckpointWiring {
  const log = logger.child({ component: 'checkpoints' });
  const repository = async () => createCheckpointRepository(await database.get(), { webhookOutbox });
  const checkpointer = createCheckpointer({
    clock: { now },
    signer,
    store: {
      latest: async () => (await repository()).latest(),
      list: async () => (await repository()).list(),
      rowsAfter: async (afterId, limit) => (await repository()).rowsAfter(afterId, limit),
      save: async (checkpoint, announcement) => (await repository()).save(checkpoint, announcement),
    },
  });
  let jwk: Promise<JWK> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let round: Promise<unknown> = Promise.resolve();
  let running = false;

  async function checkpointIfDue(): Promise<StoredCheckpoint[]> {
    const made = await checkpointer.checkpointIfDue();
    for (const checkpoint of made) log.info({ size: checkpoint.size, eventId: checkpoint.eventId }, 'ledger checkpoint signed');
    return made;
  }

  const tick = () => {
    round = checkpointIfDue()
      .catch((error: unknown) => log.error({ err: error }, 'no ledger checkpoint could be signed'))
      .finally(() => {
        if (running) schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(tick, pollMs);
    timer.unref?.();
  };

  return {
    verifierKey: signer.verifierKey,
    jwk: () =>
      (jwk ??= (async () => {
        const key = await exportJWK(signer.publicKey);
        return { ...key, kid: await calculateJwkThumbprint(key), alg: 'EdDSA', use: 'sig' };
      })()),
    latest: async () => (await repository()).latest(),
    async summary() {
      const store = await repository();
      const latest = await store.latest();
      if (!latest) return null;
      const delivery = await store.deliveryOf(latest.eventId);
      return { size: latest.size, createdAt: latest.createdAt.toISOString(), eventId: latest.eventId, delivery };
    },
    checkpointIfDue,
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await round;
    },
  };
}
