// Signed checkpoints of the ledger's hash chain: C2SP signed notes (Ed25519, Node's own crypto) over a
// tlog-checkpoint body, the checkpointer that signs them, and the check anyone runs with the public key.
export {
  noteKeyHash,
  parseSignerKey,
  parseVerifierKey,
  generateNoteKey,
  signNote,
  openNote,
  SignedNoteError,
  type NoteSigner,
  type NoteVerifier,
  type OpenedNote,
} from './lib/checkpoints/signed-note';
export { formatCheckpoint, parseCheckpoint, type CheckpointBody } from './lib/checkpoints/checkpoint';
export type { CheckpointStore, StoredCheckpoint, NewCheckpoint } from './lib/checkpoints/checkpoint-store';
export {
  createCheckpointer,
  CHECKPOINT_EVENT_TYPE,
  CHECKPOINT_EVERY_ROWS,
  CHECKPOINT_EVERY_MS,
  UnverifiedRowsError,
  type Checkpointer,
  type CheckpointerOptions,
} from './lib/checkpoints/checkpointer';
export {
  verifyCheckpoints,
  type CheckpointStatus,
  type CheckpointVerdict,
  type CheckpointsReport,
} from './lib/checkpoints/verify-checkpoints';
