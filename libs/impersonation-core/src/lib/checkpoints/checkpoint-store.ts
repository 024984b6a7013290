import type { ChainedLedgerRow } from '../ledger/ledger-chain';
import type { NewLedgerEvent } from '../model';

/** A signed checkpoint as stored. */
export interface StoredCheckpoint {
  /** Rows covered, in id order. */
  size: number;
  /** The id of the row at position `size`. */
  lastId: number;
  /** That row's hash: the chain's head at `size`. */
  hash: string;
  /** The C2SP signed note (`GET /api/ledger/checkpoint`). */
  note: string;
  /** When it was signed (the checkpointer's clock). */
  createdAt: Date;
  /** The `ledger.checkpoint` row that announced it; the webhook outbox delivers that row. */
  eventId: number;
}

/** A checkpoint to store: its announcing row's id is known only once the store has appended that row. */
export type NewCheckpoint = Omit<StoredCheckpoint, 'eventId'>;

/** Where checkpoints are kept, beside the ledger they cover. */
export interface CheckpointStore {
  /** The checkpoint of the largest size; `null` before the first. */
  latest(): Promise<StoredCheckpoint | null>;
  /** Every checkpoint, smallest size first. */
  list(): Promise<StoredCheckpoint[]>;
  /** Up to `limit` ledger rows after `afterId` (from the first row when `null`), in id order. */
  rowsAfter(afterId: number | null, limit: number): Promise<ChainedLedgerRow[]>;
  /**
   * Stores the checkpoint and appends the row announcing it, together or not at all; `null` when a
   * checkpoint of that size exists already (another app server signed it first), and nothing is written.
   */
  save(checkpoint: NewCheckpoint, announcement: NewLedgerEvent): Promise<StoredCheckpoint | null>;
}
