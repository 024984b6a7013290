import type { Clock } from '../clock';
import { GENESIS_HASH, ledgerHash, type ChainedLedgerRow } from '../ledger/ledger-chain';
import type { NewLedgerEvent } from '../model';
import { formatCheckpoint } from './checkpoint';
import type { CheckpointStore, StoredCheckpoint } from './checkpoint-store';
import { signNote, type NoteSigner } from './signed-note';

/** The ledger row that announces a checkpoint: its detail holds the note, so the webhooks deliver it. */
export const CHECKPOINT_EVENT_TYPE = 'ledger.checkpoint';
/** A checkpoint is signed once this many rows follow the last one ... */
export const CHECKPOINT_EVERY_ROWS = 100;
/** ... or once a row has waited this long for one, whichever comes first. */
export const CHECKPOINT_EVERY_MS = 5 * 60_000;

/** The rows since the last checkpoint do not chain from it: nothing is signed over them. */
export class UnverifiedRowsError extends Error {
  /** Always `UnverifiedRowsError`, to tell it apart once caught. */
  override readonly name = 'UnverifiedRowsError';
  constructor(
    /** The first row that does not chain: where `npm run audit:verify` should start looking. */
    readonly rowId: number,
  ) {
    super(`ledger row ${rowId} does not chain from the last checkpoint: no checkpoint is signed over it (run npm run audit:verify)`);
  }
}

/** What the checkpointer needs: where the ledger and its checkpoints are, the signing key, the clock and the pace. */
export interface CheckpointerOptions {
  /** The ledger's rows and its checkpoints (`createCheckpointRepository` on PostgreSQL). */
  store: CheckpointStore;
  /** The note key that signs, from the host's secret (`parseSignerKey`); its name is the checkpoints' origin. */
  signer: NoteSigner;
  /** The clock a row's waiting time and a checkpoint's `createdAt` are read from. */
  clock: Clock;
  /** Rows between two checkpoints; absent: {@link CHECKPOINT_EVERY_ROWS}. */
  everyRows?: number;
  /** Milliseconds a row may wait for a checkpoint; absent: {@link CHECKPOINT_EVERY_MS}. */
  everyMs?: number;
}

/**
 * Signs checkpoints of the ledger's hash chain: one at every `everyRows` rows (at exactly that size, so
 * a burst gets one per step), and one over the head once a row has waited `everyMs` (a checkpoint's own
 * announcement row does not count as waiting, or an idle ledger would be signed for ever). The rows a
 * checkpoint covers are first checked to chain from the previous one: a checkpoint never vouches for
 * rows that do not verify. Any number of app servers may run one: a size is stored once.
 */
export function createCheckpointer({
  store,
  signer,
  clock,
  everyRows = CHECKPOINT_EVERY_ROWS,
  everyMs = CHECKPOINT_EVERY_MS,
}: CheckpointerOptions) {
  function dueAt(rows: ChainedLedgerRow[]): number {
    if (rows.length >= everyRows) return everyRows - 1;
    const waiting = rows.find((row) => row.type !== CHECKPOINT_EVENT_TYPE);
    return waiting && clock.now().getTime() - waiting.at.getTime() >= everyMs ? rows.length - 1 : -1;
  }

  function checkChain(previousHash: string, rows: ChainedLedgerRow[]): void {
    let previous = previousHash;
    for (const row of rows) {
      if (row.prevHash !== previous || ledgerHash(row.prevHash, row) !== row.hash) throw new UnverifiedRowsError(row.id);
      previous = row.hash;
    }
  }

  /** Signs every checkpoint that is due; resolves with the ones this call stored. */
  async function checkpointIfDue(): Promise<StoredCheckpoint[]> {
    const made: StoredCheckpoint[] = [];
    let last = await store.latest();
    for (;;) {
      const rows = await store.rowsAfter(last?.lastId ?? null, everyRows);
      const index = dueAt(rows);
      const row = rows[index];
      if (!row) return made;
      const covered = rows.slice(0, index + 1);
      checkChain(last?.hash ?? GENESIS_HASH, covered);
      const size = (last?.size ?? 0) + covered.length;
      const at = clock.now();
      const note = signNote(formatCheckpoint({ origin: signer.name, size, hash: row.hash }), signer);
      const saved = await store.save({ size, lastId: row.id, hash: row.hash, note, createdAt: at }, announcement(size, row.hash, note, at));
      // Another server stored this size first: carry on from what is stored now.
      last = saved ?? (await store.latest());
      if (saved) made.push(saved);
    }
  }

  return { checkpointIfDue };
}

/**
 * `createCheckpointer`'s answer: `checkpointIfDue`, for the host to call on a timer (on any number of servers);
 * it throws `UnverifiedRowsError` rather than sign over rows that do not chain.
 */
export type Checkpointer = ReturnType<typeof createCheckpointer>;

function announcement(size: number, hash: string, note: string, at: Date): NewLedgerEvent {
  return {
    at,
    type: CHECKPOINT_EVENT_TYPE,
    actor: null,
    target: null,
    impersonationId: null,
    reason: null,
    ip: null,
    userAgent: null,
    detail: { size, hash, note },
  };
}
