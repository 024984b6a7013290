import type { ChainedLedgerRow } from '../ledger/ledger-chain';
import { parseCheckpoint } from './checkpoint';
import { openNote, type NoteVerifier } from './signed-note';

/**
 * - `verified`: signed by the key, and the chain's row at that size has exactly the signed hash;
 * - `bad_signature` / `unsigned` / `malformed`: the note itself does not hold (or is not signed by this key);
 * - `other_origin`: signed, but for another log;
 * - `mismatch`: the row at that size now has another hash (the chain was rewritten since it was signed);
 * - `missing_rows`: the ledger has fewer rows than the checkpoint covers (rows were removed).
 */
export type CheckpointStatus = 'verified' | 'bad_signature' | 'unsigned' | 'malformed' | 'other_origin' | 'mismatch' | 'missing_rows';

/** One note's verdict, in the order the notes were given. */
export interface CheckpointVerdict {
  /** The size the note states (`null` when it cannot be read). */
  size: number | null;
  /** What the check found; only `verified` vouches for the rows. */
  status: CheckpointStatus;
  /** The row at that size, when the ledger has one. */
  rowId?: number;
}

/** The verdicts on every note given, and whether all of them hold. */
export interface CheckpointsReport {
  /** `true` only if every note is `verified` (also when no note was given). */
  ok: boolean;
  /** How many notes are `verified`. */
  verified: number;
  /** One verdict a note, in the order given. */
  checkpoints: CheckpointVerdict[];
}

/**
 * Checks the ledger's rows (streamed in id order, memory does not grow with them) against signed
 * checkpoint notes, with only the public key: each note's signature, its origin (the key's name), and
 * that the row at its size still has the hash it signed. A database superuser who rewrote the chain
 * from a row on, head included, cannot make it match a checkpoint signed before.
 */
export async function verifyCheckpoints(
  rows: AsyncIterable<ChainedLedgerRow> | Iterable<ChainedLedgerRow>,
  notes: readonly string[],
  verifier: NoteVerifier,
): Promise<CheckpointsReport> {
  const verdicts: CheckpointVerdict[] = [];
  const waiting = new Map<number, { verdict: CheckpointVerdict; hash: string }[]>();
  for (const note of notes) {
    const opened = openNote(note, verifier);
    const body = opened.ok ? parseCheckpoint(opened.text) : null;
    const verdict: CheckpointVerdict = { size: body?.size ?? null, status: opened.ok ? 'missing_rows' : opened.reason };
    verdicts.push(verdict);
    if (opened.ok && !body) verdict.status = 'malformed';
    else if (body && body.origin !== verifier.name) verdict.status = 'other_origin';
    else if (body) waiting.set(body.size, [...(waiting.get(body.size) ?? []), { verdict, hash: body.hash }]);
  }
  let position = 0;
  for await (const row of rows) {
    position += 1;
    for (const { verdict, hash } of waiting.get(position) ?? []) {
      verdict.rowId = row.id;
      verdict.status = row.hash === hash ? 'verified' : 'mismatch';
    }
  }
  const verified = verdicts.filter((verdict) => verdict.status === 'verified').length;
  return { ok: verified === verdicts.length, verified, checkpoints: verdicts };
}
