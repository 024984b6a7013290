// C2SP tlog-checkpoint's body, over the ledger's hash chain: the origin line (the log's name), the number
// of rows the checkpoint covers, and the hash of its newest row (the chain's head at that size) in
// standard base64, each line ending in a newline.

/** What a checkpoint states: which log, how many of its rows, and the chain's head at that size. */
export interface CheckpointBody {
  /** The log's name, one non-empty line: the signing key's name, so a note for another log is told apart. */
  origin: string;
  /** How many rows, in id order, the checkpoint covers. */
  size: number;
  /** The stored `hash` (lowercase hex SHA-256) of the row at position `size`; for size 0, the genesis hash. */
  hash: string;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** The checkpoint's text, ready to sign; throws on a multi-line origin, a negative size or a hash not in lowercase hex. */
export function formatCheckpoint({ origin, size, hash }: CheckpointBody): string {
  if (!origin || /[\n\r]/.test(origin)) throw new Error('a checkpoint origin is one non-empty line');
  if (!Number.isSafeInteger(size) || size < 0) throw new Error('a checkpoint size is a non-negative integer');
  if (!HEX_SHA256.test(hash)) throw new Error('a checkpoint hash is a lowercase hex SHA-256');
  return `${origin}\n${size}\n${Buffer.from(hash, 'hex').toString('base64')}\n`;
}

/** The body's first three lines (extension lines after them are allowed and ignored); `null` if they are not a checkpoint. */
export function parseCheckpoint(text: string): CheckpointBody | null {
  const [origin, size, root] = text.split('\n');
  if (!origin || size === undefined || root === undefined || !/^(0|[1-9][0-9]{0,15})$/.test(size)) return null;
  const bytes = Buffer.from(root, 'base64');
  if (bytes.length !== 32 || bytes.toString('base64') !== root || !Number.isSafeInteger(Number(size))) return null;
  return { origin, size: Number(size), hash: bytes.toString('hex') };
}
