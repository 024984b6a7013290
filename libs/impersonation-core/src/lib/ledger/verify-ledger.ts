import type { LedgerRepository } from '../store';
import { createChainVerifier, type ChainVerdict } from './ledger-chain';

/** Rows read per query while verifying: memory stays at one page whatever the ledger's size. */
export const LEDGER_VERIFY_PAGE_SIZE = 1_000;

/**
 * Verifies the whole stored ledger: every row's link and hash, in id order, and that the chain still
 * reaches the head recorded at the last append (a deleted tail is a break at the recorded id).
 */
export async function verifyLedger(
  ledger: Pick<LedgerRepository, 'readPage' | 'recordedHead'>,
  pageSize = LEDGER_VERIFY_PAGE_SIZE,
): Promise<ChainVerdict> {
  // The head first: rows appended while reading only extend the chain past it.
  const verifier = createChainVerifier(await ledger.recordedHead());
  let afterId: number | null = null;
  for (;;) {
    const rows = await ledger.readPage({}, afterId, pageSize);
    for (const row of rows) verifier.add(row);
    const last = rows.at(-1);
    if (rows.length < pageSize || !last) return verifier.verdict();
    afterId = last.id;
  }
}
