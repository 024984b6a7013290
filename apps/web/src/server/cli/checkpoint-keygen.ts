// `npm run checkpoint:keygen -- <name>`: a new Ed25519 key for the ledger's checkpoints. The signer key goes
// to LEDGER_CHECKPOINT_KEY (or a file LEDGER_CHECKPOINT_KEY_FILE names) on every app server; the verifier
// key is public (GET /api/ledger/checkpoint/key serves it too).
import { generateNoteKey } from '@viewas/impersonation-core/checkpoints';

const name = process.argv[2];
if (!name || /[\s+]/.test(name)) {
  console.error('Usage: npm run checkpoint:keygen -- <name>   (the log\'s name, e.g. viewas.example.com/ledger: no spaces, no "+")');
  process.exit(2);
}
const { signerKey, verifierKey } = generateNoteKey(name);
console.log(`LEDGER_CHECKPOINT_KEY=${signerKey}`);
console.log(`verifier key (public): ${verifierKey}`);
