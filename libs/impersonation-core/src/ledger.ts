// The ledger's hash chain, for audit tools: how a row is chained (the hashed bytes are defined once, in
// `hashedFields` and `ledgerHash`) and the check that walks a stored ledger row by row to the head
// recorded at the last append. The signed checkpoints over this chain are the `./checkpoints` entry.
export {
  GENESIS_HASH,
  hashedFields,
  ledgerHash,
  chainRow,
  type LedgerRowContent,
  type ChainedLedgerRow,
  type ChainVerdict,
  type RecordedHead,
} from './lib/ledger/ledger-chain';
export { verifyLedger, LEDGER_VERIFY_PAGE_SIZE } from './lib/ledger/verify-ledger';
