import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

// C2SP signed-note (the format of golang.org/x/mod/sumdb/note): a UTF-8 text ending in a newline, a blank
// line, then one line per signature: `— <key name> <base64(4-byte key hash ‖ signature)>`. Only Ed25519
// keys (algorithm byte 0x01) are read or made here; the signatures are Node's own Ed25519.

/** The algorithm byte C2SP signed-note gives Ed25519. */
const ED25519 = 0x01;
const SIGNATURE_PREFIX = '\u2014 ';
// PKCS #8 for an Ed25519 private key is this fixed header followed by the 32-byte seed (RFC 8410 §7).
const PKCS8_ED25519_HEADER = Buffer.from('302e020100300506032b657004220420', 'hex');
// SubjectPublicKeyInfo for Ed25519: this header, then the 32-byte public key (RFC 8410 §4).
const SPKI_ED25519_HEADER = Buffer.from('302a300506032b6570032100', 'hex');

/** A key, key name or note text the format does not allow (malformed, not Ed25519, a key hash that does not match): a configuration error, never a verdict on a note. */
export class SignedNoteError extends Error {
  /** Always `SignedNoteError`, to tell it apart once caught. */
  override readonly name = 'SignedNoteError';
}

/** A name may hold any characters but whitespace and `+` (it is a field of the key strings). */
const isKeyName = (name: string) => name.length > 0 && !/[\s+]/u.test(name);

/** The key hash: the first 4 bytes of SHA-256(name ‖ 0x0A ‖ 0x01 ‖ public key), as an unsigned integer. */
export function noteKeyHash(name: string, publicKey: Uint8Array): number {
  return createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${name}\n`, 'utf8'), Buffer.from([ED25519]), publicKey]))
    .digest()
    .readUInt32BE(0);
}

const hex8 = (hash: number) => hash.toString(16).padStart(8, '0');
const strictBase64 = (text: string): Buffer | null => {
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : null;
};

/** The public half of a note key: checks signatures; safe to publish. */
export interface NoteVerifier {
  /** The key's name: also the checkpoints' origin line, the log they speak for. */
  name: string;
  /** The key hash (`noteKeyHash`) each signature line starts with, to pick the key that signed it. */
  keyHash: number;
  /** The Ed25519 public key. */
  publicKey: KeyObject;
  /** `<name>+<hex key hash>+<base64(0x01 ‖ public key)>`. */
  verifierKey: string;
}

/** A note key with its private half: signs checkpoints; kept secret by the host (never in the repository or the logs). */
export interface NoteSigner extends NoteVerifier {
  /** The Ed25519 private key. */
  privateKey: KeyObject;
}

function rawPublicKey(publicKey: KeyObject): Buffer {
  return Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
}

function verifierFrom(name: string, publicKey: KeyObject): NoteVerifier {
  const raw = rawPublicKey(publicKey);
  const keyHash = noteKeyHash(name, raw);
  return {
    name,
    keyHash,
    publicKey,
    verifierKey: `${name}+${hex8(keyHash)}+${Buffer.concat([Buffer.from([ED25519]), raw]).toString('base64')}`,
  };
}

/**
 * Reads `<name>+<hex hash>+<base64(0x01 ‖ 32 bytes)>` (the base64 may itself hold `+`), checking the hash
 * against the key it names.
 */
function readKeyFields(text: string, what: string): { name: string; key: Buffer; keyHash: number } {
  const match = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/]+=*)$/.exec(text);
  const key = match ? strictBase64(match[3] as string) : null;
  if (!match || !key) throw new SignedNoteError(`malformed ${what}`);
  if (key.length !== 33 || key[0] !== ED25519) throw new SignedNoteError(`${what}: not an Ed25519 key`);
  return { name: match[1] as string, key: key.subarray(1), keyHash: Number.parseInt(match[2] as string, 16) };
}

/** A verifier from its key string (`GET /api/ledger/checkpoint/key`). */
export function parseVerifierKey(verifierKey: string): NoteVerifier {
  const { name, key, keyHash } = readKeyFields(verifierKey.trim(), 'verifier key');
  const verifier = verifierFrom(name, createPublicKey({ key: Buffer.concat([SPKI_ED25519_HEADER, key]), format: 'der', type: 'spki' }));
  if (verifier.keyHash !== keyHash) throw new SignedNoteError('verifier key: the key hash does not match the key');
  return verifier;
}

/** A signer from its key string: `PRIVATE+KEY+<name>+<hex key hash>+<base64(0x01 ‖ 32-byte seed)>`. */
export function parseSignerKey(signerKey: string): NoteSigner {
  const trimmed = signerKey.trim();
  if (!trimmed.startsWith('PRIVATE+KEY+')) throw new SignedNoteError('malformed signer key');
  const { name, key, keyHash } = readKeyFields(trimmed.slice('PRIVATE+KEY+'.length), 'signer key');
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_HEADER, key]), format: 'der', type: 'pkcs8' });
  const verifier = verifierFrom(name, createPublicKey(privateKey));
  if (verifier.keyHash !== keyHash) throw new SignedNoteError('signer key: the key hash does not match the key');
  return { ...verifier, privateKey };
}

/** A new Ed25519 key named `name`, as the signer key string to keep secret and the verifier key to publish. */
export function generateNoteKey(name: string): { signerKey: string; verifierKey: string } {
  if (!isKeyName(name)) throw new SignedNoteError('a key name holds no whitespace and no "+"');
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d as string, 'base64url');
  const { verifierKey, keyHash } = verifierFrom(name, publicKey);
  return {
    signerKey: `PRIVATE+KEY+${name}+${hex8(keyHash)}+${Buffer.concat([Buffer.from([ED25519]), seed]).toString('base64')}`,
    verifierKey,
  };
}

/** Non-empty, newline-terminated, and no control character but the newline (C2SP signed-note's rule for the text). */
const isNoteText = (text: string) => text.endsWith('\n') && [...text].every((char) => char === '\n' || char >= ' ');

/** Signs `text`: the note is the text, a blank line and the signature line. */
export function signNote(text: string, signer: NoteSigner): string {
  if (!isNoteText(text)) throw new SignedNoteError('malformed note text');
  const signature = sign(null, Buffer.from(text, 'utf8'), signer.privateKey);
  const hash = Buffer.alloc(4);
  hash.writeUInt32BE(signer.keyHash);
  return `${text}\n${SIGNATURE_PREFIX}${signer.name} ${Buffer.concat([hash, signature]).toString('base64')}\n`;
}

/** `openNote`'s answer: the signed text, or why the note does not hold for this key (it never throws). */
export type OpenedNote = { ok: true; text: string } | { ok: false; reason: 'malformed' | 'unsigned' | 'bad_signature' };

/**
 * The text of a signed note if `verifier` signed it: its signature line (name and key hash) must be
 * there and verify over the exact text. Other signatures are allowed and ignored.
 */
export function openNote(note: string, verifier: NoteVerifier): OpenedNote {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) return { ok: false, reason: 'malformed' };
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split('\n');
  if (!isNoteText(text) || lines.length === 0) return { ok: false, reason: 'malformed' };
  let found = false;
  for (const line of lines) {
    const match = /^\u2014 (\S+) (\S+)$/u.exec(line);
    const bytes = match ? strictBase64(match[2] as string) : null;
    if (!match || !bytes || bytes.length < 5 || !isKeyName(match[1] as string)) return { ok: false, reason: 'malformed' };
    if (match[1] !== verifier.name || bytes.readUInt32BE(0) !== verifier.keyHash) continue;
    found = true;
    if (bytes.length !== 68 || !verify(null, Buffer.from(text, 'utf8'), verifier.publicKey, bytes.subarray(4))) {
      return { ok: false, reason: 'bad_signature' };
    }
  }
  return found ? { ok: true, text } : { ok: false, reason: 'unsigned' };
}
