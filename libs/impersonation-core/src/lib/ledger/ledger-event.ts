import type { Person } from '../model';
import type { ChainedLedgerRow } from './ledger-chain';

/** A person as a stored row names them: either part may be gone (an account deleted since). */
type Party = { [Key in keyof Person]: Person[Key] | null };

/** One ledger row as receivers and exports see it: the webhook body and one NDJSON line. */
export interface LedgerEventJson {
  id: number;
  type: string;
  at: string;
  actor: Party | null;
  target: Party | null;
  impersonationId: string | null;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

const party = (id: string | null, email: string | null): Party | null => (id === null && email === null ? null : { id, email });

export function ledgerEventJson(row: ChainedLedgerRow): LedgerEventJson {
  return {
    id: row.id,
    type: row.type,
    at: row.at.toISOString(),
    actor: party(row.actorId, row.actorEmail),
    target: party(row.targetId, row.targetEmail),
    impersonationId: row.impersonationId,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.userAgent,
    detail: row.detail,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}
