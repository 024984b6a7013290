import { generateNoteKey, noteKeyHash, openNote, parseSignerKey, parseVerifierKey, signNote, SignedNoteError } from './signed-note';

// Published test vectors of golang.org/x/mod/sumdb/note (note_test.go: TestNewVerifier, TestSign, TestOpen),
// the reference implementation of C2SP signed-note.
const PETER_SIGNER = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const PETER_VERIFIER = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const ENOCH_VERIFIER = 'EnochRoot+af0cfe78+ATtqJ7zOtqQtYqOo0CpvDXNlMhV3HeJDpjrASKGLWdop';
const TEXT = 'If you think cryptography is the answer to your problem,\n' + "then you don't know what your problem is.\n";
const PETER_SIGNED =
  TEXT + '\n' + '\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';
const ENOCH_SIGNATURE = '\u2014 EnochRoot rwz+eBzmZa0SO3NbfRGzPCpDckykFXSdeX+MNtCOXm2/5n2tiOHp+vAF1aGrQ5ovTG01oOTGwnWLox33WWd1RvMc+QQ=\n';

// A checkpoint sum.golang.org published (Go's checksum database, a C2SP tlog-checkpoint under its
// well-known key, the one the go command pins).
const SUM_GOLANG_ORG = 'sum.golang.org+033de0ae+Ac4zctda0e5eza+HJyk9SxEdh+s3Ux18htTTAD8OuAn8';
const SUM_GOLANG_ORG_CHECKPOINT =
  'go.sum database tree\n65209736\n5+uGFjx6xBZG8ip1+wi77v+grwbhhukIrxEUS8PXvRo=\n\n' +
  '\u2014 sum.golang.org Az3grnbssgK7ubgFX36gVETtNv0U23qxyAhAMai2QUfeGa3nB/akvkMdlUErfcZz7l/R3cVtYspg3dxXABkGZZKdsQ8=\n';

describe('C2SP signed notes', () => {
  it('signs the published text byte for byte as golang.org/x/mod/sumdb/note does', () => {
    expect(signNote(TEXT, parseSignerKey(PETER_SIGNER))).toBe(PETER_SIGNED);
  });

  it('derives the published verifier key and key hash from the signer key', () => {
    const signer = parseSignerKey(PETER_SIGNER);
    expect(signer.verifierKey).toBe(PETER_VERIFIER);
    expect(signer.keyHash).toBe(0xc74f20a3);
    expect(parseVerifierKey(PETER_VERIFIER).keyHash).toBe(0xc74f20a3);
  });

  it('computes the key hash as the first 4 bytes of SHA-256(name, newline, 0x01, public key)', () => {
    const publicKey = Buffer.from('ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW', 'base64').subarray(1);
    expect(noteKeyHash('PeterNeumann', publicKey)).toBe(0xc74f20a3);
  });

  it('opens the published note with its verifier key, and ignores a signature by another key', () => {
    expect(openNote(PETER_SIGNED, parseVerifierKey(PETER_VERIFIER))).toEqual({ ok: true, text: TEXT });
    expect(openNote(PETER_SIGNED + ENOCH_SIGNATURE, parseVerifierKey(PETER_VERIFIER))).toEqual({ ok: true, text: TEXT });
    expect(openNote(PETER_SIGNED + ENOCH_SIGNATURE, parseVerifierKey(ENOCH_VERIFIER))).toEqual({ ok: true, text: TEXT });
  });

  it('verifies a checkpoint sum.golang.org published, with only its public key', () => {
    expect(openNote(SUM_GOLANG_ORG_CHECKPOINT, parseVerifierKey(SUM_GOLANG_ORG))).toEqual({
      ok: true,
      text: 'go.sum database tree\n65209736\n5+uGFjx6xBZG8ip1+wi77v+grwbhhukIrxEUS8PXvRo=\n',
    });
  });

  it('refuses a note whose text was changed after signing', () => {
    const changed = PETER_SIGNED.replace('answer', 'ANSWER');
    expect(openNote(changed, parseVerifierKey(PETER_VERIFIER))).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a signature with a byte changed (TestOpen: the signature with ABCD inside)', () => {
    const signature = PETER_SIGNED.slice(TEXT.length + 1);
    const corrupted = TEXT + '\n' + signature.slice(0, 60) + 'ABCD' + signature.slice(60);
    expect(openNote(corrupted, parseVerifierKey(PETER_VERIFIER))).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('says a note another key signed is unsigned for this one', () => {
    expect(openNote(TEXT + '\n' + ENOCH_SIGNATURE, parseVerifierKey(PETER_VERIFIER))).toEqual({ ok: false, reason: 'unsigned' });
  });

  it.each([
    ['the text alone', TEXT],
    ['no signature line', TEXT + '\n'],
    ['a signature line without its newline', PETER_SIGNED.slice(0, -1)],
    ['a control character in the text', '\u0001' + PETER_SIGNED],
    [
      'a name with a space',
      TEXT + '\n\u2014 Bad Name x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n',
    ],
    ['a line after the signatures', PETER_SIGNED + 'Unexpected line.\n'],
  ])('finds a note malformed with %s (TestOpen)', (_case, note) => {
    expect(openNote(note, parseVerifierKey(PETER_VERIFIER))).toEqual({ ok: false, reason: 'malformed' });
  });

  it.each([
    ['a truncated key', PETER_VERIFIER.slice(0, -1)],
    ['a changed key hash', PETER_VERIFIER.replace('c74f20a3', 'c74f20a4')],
    ['a wrong-length key with an adjusted hash', 'PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY=='],
    ['an unknown algorithm with an adjusted hash', 'PeterNeumann+173116ae+ZRpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW'],
    ['a missing field', 'PeterNeumann+c74f20a3'],
  ])('refuses a verifier key with %s (TestNewVerifier)', (_case, key) => {
    expect(() => parseVerifierKey(key)).toThrow(SignedNoteError);
  });

  it('refuses a signer key whose hash does not match its key, or without its PRIVATE+KEY prefix', () => {
    expect(() => parseSignerKey(PETER_SIGNER.replace('c74f20a3', 'c74f20a4'))).toThrow(SignedNoteError);
    expect(() => parseSignerKey(PETER_SIGNER.replace('PRIVATE+KEY+', ''))).toThrow(SignedNoteError);
  });

  it('generates a key pair whose signatures its verifier key opens, and nobody else', () => {
    const { signerKey, verifierKey } = generateNoteKey('ledger.example.com/viewas');
    const note = signNote('hello\n', parseSignerKey(signerKey));

    expect(signerKey).toMatch(/^PRIVATE\+KEY\+ledger\.example\.com\/viewas\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    expect(openNote(note, parseVerifierKey(verifierKey))).toEqual({ ok: true, text: 'hello\n' });
    expect(openNote(note, parseVerifierKey(generateNoteKey('ledger.example.com/viewas').verifierKey))).toEqual({
      ok: false,
      reason: 'unsigned',
    });
  });

  it('refuses to sign a text without its final newline', () => {
    expect(() => signNote('abc', parseSignerKey(PETER_SIGNER))).toThrow(SignedNoteError);
  });
});
