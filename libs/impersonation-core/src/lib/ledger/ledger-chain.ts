import { createHash } from 'node:crypto';
import type { LedgerEventRow } from '../model';
import { canonicalJson } from './canonical-json';

/** The `prevHash` of the first row: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** The ledger row as stored, before it is chained: every column the hash covers (the store's own row). */
export type LedgerRowContent = LedgerEventRow;

/** A stored ledger row with its link to the previous row (`prevHash`) and its own `hash`. */
export interface ChainedLedgerRow extends LedgerRowContent {
  /** The previous row's `hash` (`GENESIS_HASH`, 64 zeros, for the first row). */
  prevHash: string;
  /** Lowercase hex SHA-256 over `prevHash` and this row's canonical JSON (`ledgerHash`). */
  hash: string;
}

/** The object whose canonical JSON is hashed: the row's columns, with `at` as an ISO 8601 UTC string. */
export function hashedFields(row: LedgerRowContent): Record<string, unknown> {
  return {
    id: row.id,
    at: row.at.toISOString(),
    type: row.type,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    targetId: row.targetId,
    targetEmail: row.targetEmail,
    impersonationId: row.impersonationId,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.userAgent,
    detail: row.detail,
  };
}

/** `hash` = lowercase hex SHA-256 of the UTF-8 bytes of `prevHash` followed directly by the row's canonical JSON. */
export function ledgerHash(prevHash: string, row: LedgerRowContent): string {
  return createHash('sha256')
    .update(prevHash + canonicalJson(hashedFields(row)), 'utf8')
    .digest('hex');
}

/** Links a new row to the chain whose newest hash is `prevHash` (the genesis hash for the first row). */
export function chainRow<Row extends LedgerRowContent>(prevHash: string, row: Row): Row & { prevHash: string; hash: string } {
  return { ...row, prevHash, hash: ledgerHash(prevHash, row) };
}

/** The result of verifying the chain: whether it holds, how many rows were read, the head, and the first bad row. */
export interface ChainVerdict {
  /** Every row read links and hashes as it should, and none of the recorded head's rows is missing. */
  ok: boolean;
  /** Rows read. */
  count: number;
  /** The stored hash of the newest row; `null` for an empty ledger. */
  head: string | null;
  /** The first row whose link or hash does not hold (a changed row, or the row after a deleted one). */
  firstBadId?: number;
}

/** Where the newest row should be, as recorded outside the rows themselves (it catches a deleted tail). */
export interface RecordedHead {
  /** The id of the newest row appended. */
  lastId: number;
  /** That row's `hash`. */
  hash: string;
}

/**
 * Checks rows read in `id` order, one at a time (memory does not grow with the ledger). A row is bad
 * when its `prevHash` is not the previous row's `hash` (a row before it was deleted or inserted) or its
 * `hash` is not the hash of its own content (it was changed). With `recordedHead`, a ledger that ends
 * before that row (its newest rows deleted) is a break at the recorded id.
 */
export function createChainVerifier(recordedHead?: RecordedHead | null) {
  let count = 0;
  let previous = GENESIS_HASH;
  let head: string | null = null;
  let lastId: number | null = null;
  let firstBadId: number | undefined;

  return {
    add(row: ChainedLedgerRow): void {
      count += 1;
      head = row.hash;
      lastId = row.id;
      if (firstBadId === undefined && (row.prevHash !== previous || row.hash !== ledgerHash(row.prevHash, row))) firstBadId = row.id;
      previous = row.hash;
    },
    verdict(): ChainVerdict {
      let bad = firstBadId;
      if (
        bad === undefined &&
        recordedHead &&
        (lastId === null || lastId < recordedHead.lastId || (lastId === recordedHead.lastId && head !== recordedHead.hash))
      ) {
        bad = recordedHead.lastId;
      }
      return bad === undefined ? { ok: true, count, head } : { ok: false, count, head, firstBadId: bad };
    },
  };
}

/** Verifies a whole ledger streamed in `id` order. */
export async function verifyChain(
  rows: AsyncIterable<ChainedLedgerRow> | Iterable<ChainedLedgerRow>,
  recordedHead?: RecordedHead | null,
): Promise<ChainVerdict> {
  const verifier = createChainVerifier(recordedHead);
  for await (const row of rows) verifier.add(row);
  return verifier.verdict();
}
