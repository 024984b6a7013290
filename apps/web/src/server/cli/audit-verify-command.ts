import { verifyLedger, type LedgerRepository } from '@viewas/impersonation-core';

export interface AuditVerifyIo {
  ledger: Pick<LedgerRepository, 'readPage' | 'recordedHead'>;
  print: (line: string) => void;
}

/**
 * `audit:verify`: recomputes the ledger's hash chain and prints what `GET /api/admin/audit/verify`
 * answers (a sentence, then the same JSON). Resolves with the exit code: 0 intact, 1 broken.
 */
export async function auditVerifyCommand({ ledger, print }: AuditVerifyIo): Promise<number> {
  const verdict = await verifyLedger(ledger);
  if (verdict.ok) print(`Ledger intact: ${verdict.count} rows verified, head ${verdict.head ?? '(empty ledger)'}`);
  else print(`Ledger BROKEN at row ${verdict.firstBadId}: that row was changed, or the row before it removed (${verdict.count} rows read)`);
  print(JSON.stringify({ success: true, ...verdict }));
  return verdict.ok ? 0 : 1;
}
