import type { LedgerRepository } from '@viewas/impersonation-core';
import { verifyLedger, type ChainedLedgerRow } from '@viewas/impersonation-core/ledger';
import { parseVerifierKey, verifyCheckpoints, type CheckpointStatus } from '@viewas/impersonation-core/checkpoints';

export interface AuditVerifyIo {
  ledger: Pick<LedgerRepository, 'readPage' | 'recordedHead'>;
  /** The stored checkpoint notes, smallest size first (read only with `--key`). */
  checkpointNotes?: () => Promise<string[]>;
  args?: readonly string[];
  print: (line: string) => void;
}

const PAGE_SIZE = 1_000;

const STATUS_TEXT: Record<CheckpointStatus, string> = {
  verified: 'verified',
  mismatch: 'MISMATCH: the row at this size no longer has the signed hash (the chain was rewritten)',
  missing_rows: 'MISSING ROWS: the ledger has fewer rows than this checkpoint covers',
  bad_signature: 'BAD SIGNATURE: the note was changed, or signed by another key with this name',
  unsigned: 'NOT SIGNED by this key',
  malformed: 'MALFORMED note',
  other_origin: "SIGNED FOR ANOTHER LOG: its origin is not the key's name",
};

/**
 * `audit:verify [--key <verifier key>]`: recomputes the ledger's hash chain and prints what
 * `GET /api/admin/audit/verify` answers (a sentence, then the same JSON). With `--key`, it also checks the
 * chain against every stored checkpoint with only that public key, one line per checkpoint, then a JSON
 * summary. Resolves with the exit code: 0 intact, 1 broken (the chain, or any checkpoint), 2 bad arguments.
 */
export async function auditVerifyCommand({ ledger, checkpointNotes, args = [], print }: AuditVerifyIo): Promise<number> {
  const keyAt = args.indexOf('--key');
  const key = keyAt >= 0 ? args[keyAt + 1] : undefined;
  if (keyAt >= 0 && !key) {
    print('Usage: npm run audit:verify -- [--key <verifier key>]   (the key GET /api/ledger/checkpoint/key serves)');
    return 2;
  }
  let verifier;
  try {
    verifier = key ? parseVerifierKey(key) : undefined;
  } catch (error) {
    print(`--key: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }

  const verdict = await verifyLedger(ledger);
  if (verdict.ok) print(`Ledger intact: ${verdict.count} rows verified, head ${verdict.head ?? '(empty ledger)'}`);
  else print(`Ledger BROKEN at row ${verdict.firstBadId}: that row was changed, or the row before it removed (${verdict.count} rows read)`);
  print(JSON.stringify({ success: true, ...verdict }));
  if (!verifier || !checkpointNotes) return verdict.ok ? 0 : 1;

  const notes = await checkpointNotes();
  const report = await verifyCheckpoints(rowsOf(ledger), notes, verifier);
  for (const checkpoint of report.checkpoints) {
    const at = checkpoint.rowId === undefined ? '' : ` (row ${checkpoint.rowId})`;
    print(`Checkpoint ${checkpoint.size ?? '?'}${at}: ${STATUS_TEXT[checkpoint.status]}`);
  }
  print(
    report.ok
      ? `Checkpoints: all ${report.verified} verified with ${verifier.name}+${verifier.keyHash.toString(16).padStart(8, '0')}`
      : `Checkpoints: ${report.verified} of ${report.checkpoints.length} verified: the ledger does NOT match what was signed`,
  );
  print(JSON.stringify({ checkpoints: report }));
  return verdict.ok && report.ok ? 0 : 1;
}

/** Every row in id order, a page at a time. */
async function* rowsOf(ledger: Pick<LedgerRepository, 'readPage'>): AsyncIterable<ChainedLedgerRow> {
  let afterId: number | null = null;
  for (;;) {
    const rows = await ledger.readPage({}, afterId, PAGE_SIZE);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < PAGE_SIZE || !last) return;
    afterId = last.id;
  }
}
