import { and, asc, desc, eq } from 'drizzle-orm';
import type { CheckpointStore, StoredCheckpoint } from '../checkpoints/checkpoint-store';
import { ledgerCheckpoints } from './checkpoint-schema';
import type { Database } from './database';
import { WEBHOOK_CHANNEL } from '../webhooks/webhook-delivery';
import { createLedgerRepository, type OutboxRouting } from './ledger';
import { webhookOutbox as webhookOutboxTable } from './schema';

const SIGNED_ELSEWHERE = new Error('a checkpoint of this size is stored already');

/**
 * Checkpoints in `ledger_checkpoints` (migration 0016). A checkpoint and the ledger row announcing it are
 * written in one transaction; that row is queued for the webhooks like any other when they are on.
 */
/** How a checkpoint's announcement row is being delivered by the webhooks (`null`: not queued, webhooks off). */
export interface CheckpointDelivery {
  /** `pending` while the outbox still tries, `delivered` once the webhook took it, `failed` after the last attempt. */
  status: 'pending' | 'delivered' | 'failed';
  /** When the webhook took it, ISO 8601 UTC; `null` until then. */
  deliveredAt: string | null;
  /** Why the latest attempt failed; `null` if none has. */
  lastError: string | null;
}

/**
 * The checkpointer's store on PostgreSQL (`ledger_checkpoints`, migration 0016), with `deliveryOf`, how the
 * webhook delivers an announcement row. `webhookOutbox` must be the store's own, so the announcement is queued alike.
 */
export function createCheckpointRepository(
  db: Database,
  { webhookOutbox = false }: { webhookOutbox?: OutboxRouting } = {},
): CheckpointStore & { deliveryOf(eventId: number): Promise<CheckpointDelivery | null> } {
  const ledger = createLedgerRepository(db, { webhookOutbox });
  return {
    async latest() {
      const [latest] = await db.select().from(ledgerCheckpoints).orderBy(desc(ledgerCheckpoints.size)).limit(1);
      return latest ?? null;
    },
    list: () => db.select().from(ledgerCheckpoints).orderBy(asc(ledgerCheckpoints.size)),
    rowsAfter: (afterId, limit) => ledger.readPage({}, afterId, limit),
    async deliveryOf(eventId) {
      const [row] = await db
        .select({ status: webhookOutboxTable.status, deliveredAt: webhookOutboxTable.deliveredAt, lastError: webhookOutboxTable.lastError })
        .from(webhookOutboxTable)
        .where(and(eq(webhookOutboxTable.eventId, eventId), eq(webhookOutboxTable.channel, WEBHOOK_CHANNEL)));
      return row ? { status: row.status, deliveredAt: row.deliveredAt?.toISOString() ?? null, lastError: row.lastError } : null;
    },
    async save(checkpoint, announcement) {
      try {
        return await db.transaction(async (tx): Promise<StoredCheckpoint> => {
          const row = await createLedgerRepository(tx, { webhookOutbox }).append(announcement);
          const stored = { ...checkpoint, eventId: row.id };
          // The size is the key: a second server signing the same size waits for the first to commit,
          // stores nothing, and takes its announcement back with it.
          const inserted = await tx
            .insert(ledgerCheckpoints)
            .values(stored)
            .onConflictDoNothing()
            .returning({ size: ledgerCheckpoints.size });
          if (inserted.length === 0) throw SIGNED_ELSEWHERE;
          return stored;
        });
      } catch (error) {
        if (error === SIGNED_ELSEWHERE) return null;
        throw error;
      }
    },
  };
}
