import { jwtDecrypt } from 'jose';
import { decode as nextAuthDecode, encode as nextAuthEncode } from 'next-auth/jwt';
import { createJwtCodec } from './jwt-codec';
import { DECODED_TOKENS_KEPT } from '../jwt-session/jwe-codec';
import type { SessionClaims } from '../session';

// The real decryption, counted: a kept token must answer without calling it.
jest.mock('jose', () => {
  const actual = jest.requireActual<typeof import('jose')>('jose');
  return { ...actual, jwtDecrypt: jest.fn(actual.jwtDecrypt) };
});
const decryptions = jest.mocked(jwtDecrypt);

const secret = 'a-test-secret-that-is-long-enough-000000';
const start = new Date('2030-01-01T10:00:00.000Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const HOUR = 3600;

// A caller that would change an answer, as a type (the codec answers a plain `JWTPayload`).
type Writable = { role?: string; exp?: number; impersonation: { adminId: string } };

const ordinary: SessionClaims = {
  sub: 'user-1',
  email: 'ada@example.com',
  role: 'user',
  authTime: seconds(start),
  sid: 'session-0000000001',
  gen: 0,
};
const impersonated: SessionClaims = {
  ...ordinary,
  impersonation: {
    id: 'imp-1',
    adminId: 'admin-1',
    adminEmail: 'admin@example.com',
    adminAuthTime: seconds(start),
    adminGen: 0,
    expiresAt: seconds(start) + HOUR,
    checkedAt: seconds(start),
    mode: 'full',
  },
};

describe('JWT codec', () => {
  let now = start;
  const codec = createJwtCodec({ secret, sessionMaxAgeSeconds: 8 * HOUR, now: () => now });
  beforeEach(() => {
    now = start;
  });

  it('round-trips the claims and stamps exp at the end of the absolute lifetime', async () => {
    const payload = await codec.decode(await codec.encode(ordinary));
    expect(payload).toMatchObject({ ...ordinary, iat: seconds(start), exp: seconds(start) + 8 * HOUR, jti: expect.any(String) });
  });

  it("stamps an impersonated token's exp at the impersonation's hard expiry", async () => {
    expect(await codec.decode(await codec.encode(impersonated))).toMatchObject({ exp: seconds(start) + HOUR });
  });

  it('refuses a token from 15 s past its exp (the clock skew next-auth tolerates)', async () => {
    const token = await codec.encode(impersonated);
    now = new Date(start.getTime() + (HOUR + 14) * 1000);
    expect(await codec.decode(token)).not.toBeNull();
    now = new Date(start.getTime() + (HOUR + 15) * 1000);
    expect(await codec.decode(token)).toBeNull();
  });

  it('answers null for garbage and for a token made with another secret', async () => {
    const other = createJwtCodec({ secret: `${secret}-other`, sessionMaxAgeSeconds: HOUR, now: () => now });
    expect(await codec.decode('not.a.token')).toBeNull();
    expect(await codec.decode(await other.encode(ordinary))).toBeNull();
  });

  it("is next-auth's own format: stock next-auth reads our tokens and we read its", async () => {
    now = new Date();
    const realCodec = createJwtCodec({ secret, sessionMaxAgeSeconds: 8 * HOUR, now: () => new Date() });
    const fresh = { ...ordinary, authTime: seconds(new Date()) };
    expect(await nextAuthDecode({ token: await realCodec.encode(fresh), secret })).toMatchObject(fresh);
    expect(await realCodec.decode(await nextAuthEncode({ token: { ...fresh }, secret }))).toMatchObject(fresh);
  });

  describe('decoded tokens kept', () => {
    const at = (secondsFromStart: number) => new Date(start.getTime() + secondsFromStart * 1000);
    const freshCodec = (decodedTokensKept?: number) =>
      createJwtCodec({ secret, sessionMaxAgeSeconds: 8 * HOUR, now: () => now, decodedTokensKept });

    beforeEach(() => decryptions.mockClear());

    it('decodes a token it encoded itself without decrypting it', async () => {
      const token = await codec.encode(impersonated);
      expect(await codec.decode(token)).toMatchObject(impersonated);
      expect(await codec.decode(token)).toMatchObject(impersonated);
      expect(decryptions).not.toHaveBeenCalled();
    });

    it('decrypts a token issued elsewhere once and then answers it without decrypting', async () => {
      const token = await freshCodec().encode(ordinary);
      const first = await codec.decode(token);
      const second = await codec.decode(token);
      expect(decryptions).toHaveBeenCalledTimes(1);
      expect(second).toEqual(first);
    });

    it('answers the same payload as a fresh decryption', async () => {
      for (const claims of [ordinary, impersonated]) {
        const token = await codec.encode(claims);
        const kept = await codec.decode(token);
        const fresh = await freshCodec(0).decode(token);
        expect(decryptions).toHaveBeenCalledTimes(claims === ordinary ? 1 : 2);
        expect(kept).toEqual(fresh);
        expect(Object.keys(kept as object)).toEqual(Object.keys(fresh as object));
      }
    });

    it("refuses a kept token from the tolerance's end past its exp, exactly as a fresh decryption does", async () => {
      const token = await codec.encode(impersonated);
      await codec.decode(token);
      const uncached = freshCodec(0);
      // exp is start + 1 h; next-auth's 15 s tolerance makes start + 1 h + 14 s its last accepted second.
      now = at(HOUR + 14);
      expect(await codec.decode(token)).toMatchObject({ exp: seconds(start) + HOUR });
      expect(await uncached.decode(token)).not.toBeNull();
      now = at(HOUR + 15);
      expect(await codec.decode(token)).toBeNull();
      expect(await uncached.decode(token)).toBeNull();
      // The codec that kept it decrypted nothing: both answers came from the kept entry.
      expect(decryptions).toHaveBeenCalledTimes(2);
    });

    it('refuses a kept token whose nbf is ahead of the clock by more than the tolerance, as jose does', async () => {
      const { EncryptJWT } = jest.requireActual<typeof import('jose')>('jose');
      const hkdf = (await import('@panva/hkdf')).default;
      const key = await hkdf('sha256', secret, '', 'NextAuth.js Generated Encryption Key', 32);
      const token = await new EncryptJWT({ ...ordinary, nbf: seconds(start), exp: seconds(start) + HOUR })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .encrypt(key);
      expect(await codec.decode(token)).not.toBeNull();
      // A clock put back: the kept entry answers as a decryption at that instant would.
      now = at(-15);
      expect(await codec.decode(token)).not.toBeNull();
      now = at(-16);
      expect(await codec.decode(token)).toBeNull();
      expect(await freshCodec(0).decode(token)).toBeNull();
    });

    it('never keeps a tampered token or a foreign token: each is decrypted and refused every time', async () => {
      const token = await codec.encode(ordinary);
      const [header, encryptedKey, iv, ciphertext = '', tag] = token.split('.');
      const flipped = `${ciphertext.slice(0, -2)}${ciphertext.at(-2) === 'A' ? 'B' : 'A'}${ciphertext.at(-1)}`;
      const tampered = [header, encryptedKey, iv, flipped, tag].join('.');
      const foreign = await createJwtCodec({ secret: `${secret}-other`, sessionMaxAgeSeconds: HOUR, now: () => now }).encode(ordinary);
      for (const bad of [tampered, foreign]) {
        expect(await codec.decode(bad)).toBeNull();
        expect(await codec.decode(bad)).toBeNull();
      }
      expect(decryptions).toHaveBeenCalledTimes(4);
    });

    it('keeps its tokens to itself: a codec with another secret refuses a token the first one kept', async () => {
      const token = await codec.encode(ordinary);
      expect(await codec.decode(token)).not.toBeNull();
      const rotated = createJwtCodec({ secret: `${secret}-rotated`, sessionMaxAgeSeconds: 8 * HOUR, now: () => now });
      expect(await rotated.decode(token)).toBeNull();
    });

    it('keeps a bounded number of tokens: the least recently read one is decrypted again after eviction', async () => {
      const small = freshCodec(3);
      const encoded: string[] = [];
      for (const n of [1, 2, 3, 4]) encoded.push(await small.encode({ ...ordinary, sub: `user-${n}` }));
      const [a = '', b = '', c = '', d = ''] = encoded;
      // a, the oldest, was dropped when d came in; reading b makes c the least recently read.
      expect(await small.decode(b)).toMatchObject({ sub: 'user-2' });
      expect(decryptions).not.toHaveBeenCalled();
      expect(await small.decode(a)).toMatchObject({ sub: 'user-1' });
      expect(decryptions).toHaveBeenCalledTimes(1);
      // Keeping a again dropped c; b and d are still kept.
      await small.decode(b);
      await small.decode(d);
      expect(decryptions).toHaveBeenCalledTimes(1);
      await small.decode(c);
      expect(decryptions).toHaveBeenCalledTimes(2);
    });

    it(`keeps ${DECODED_TOKENS_KEPT} tokens by default`, async () => {
      const bounded = freshCodec();
      const tokens: string[] = [];
      for (let n = 0; n <= DECODED_TOKENS_KEPT; n++) tokens.push(await bounded.encode({ ...ordinary, sub: `user-${n}` }));
      await bounded.decode(tokens[1] ?? '');
      expect(decryptions).not.toHaveBeenCalled();
      await bounded.decode(tokens[0] ?? '');
      expect(decryptions).toHaveBeenCalledTimes(1);
    });

    it('answers a frozen payload: a caller mutating it cannot change the next answer', async () => {
      const token = await codec.encode(impersonated);
      const first = (await codec.decode(token)) as unknown as Writable;
      expect(() => {
        first.role = 'admin';
      }).toThrow(TypeError);
      expect(() => {
        first.impersonation.adminId = 'someone-else';
      }).toThrow(TypeError);
      expect(() => {
        delete first.exp;
      }).toThrow(TypeError);
      expect(await codec.decode(token)).toMatchObject({ role: 'user', impersonation: { adminId: 'admin-1' }, exp: seconds(start) + HOUR });
    });

    it('answers a frozen payload from its first decryption too, so mutating that one changes nothing either', async () => {
      const token = await freshCodec().encode(impersonated);
      const first = (await codec.decode(token)) as unknown as Writable;
      expect(decryptions).toHaveBeenCalledTimes(1);
      expect(Object.isFrozen(first) && Object.isFrozen(first.impersonation)).toBe(true);
      expect(await codec.decode(token)).toMatchObject({ impersonation: { adminId: 'admin-1' } });
    });
  });

  describe('strict token syntax', () => {
    beforeEach(() => decryptions.mockClear());

    /** The same token with `!` inserted into one part: Node's base64 decoder (jose v4's) skips it. */
    const withBang = (token: string, part: number, at: number) =>
      token
        .split('.')
        .map((text, index) => (index === part ? `${text.slice(0, at)}!${text.slice(at)}` : text))
        .join('.');

    it('refuses a real token with a `!` inserted into its IV or ciphertext, though jose alone would read it', async () => {
      const token = await codec.encode(ordinary);
      const spelled = [withBang(token, 2, 5), withBang(token, 3, 10)];
      // The premise: a lenient decoder reads both as the session.
      const hkdf = (await import('@panva/hkdf')).default;
      const key = await hkdf('sha256', secret, '', 'NextAuth.js Generated Encryption Key', 32);
      const { jwtDecrypt: lenient } = jest.requireActual<typeof import('jose')>('jose');
      for (const variant of spelled)
        await expect(lenient(variant, key, { currentDate: now })).resolves.toMatchObject({ payload: ordinary });
      for (const variant of spelled) expect(await codec.decode(variant)).toBeNull();
      expect(decryptions).not.toHaveBeenCalled();
    });

    it('creates no cache entry for a misspelled token: a kept token is not evicted by any number of them', async () => {
      const small = createJwtCodec({ secret, sessionMaxAgeSeconds: 8 * HOUR, now: () => now, decodedTokensKept: 1 });
      const token = await small.encode(ordinary);
      for (let at = 1; at < 200; at++) expect(await small.decode(withBang(token, 3, at))).toBeNull();
      // Still the one kept entry: read without a decryption.
      expect(await small.decode(token)).toMatchObject(ordinary);
      expect(decryptions).not.toHaveBeenCalled();
    });

    it('refuses non-canonical spellings and wrong shapes before decrypting', async () => {
      const token = await codec.encode(ordinary);
      const [header = '', key = '', iv = '', ciphertext = '', tag = ''] = token.split('.');
      // The last tag character carries 2 spare bits: setting one decodes to the same bytes.
      const spare = tag.slice(0, -1) + String.fromCharCode(tag.charCodeAt(tag.length - 1) + 1);
      const misspelled = [
        [header, key, iv, ciphertext, spare].join('.'),
        [header, key, iv, `${ciphertext}=`, tag].join('.'),
        [header, key, iv, ciphertext.replace(/[A-Za-z]/, '+'), tag].join('.'),
        [header, 'AAAA', iv, ciphertext, tag].join('.'),
        [header, key, iv, ciphertext, tag, ''].join('.'),
        [header, iv, ciphertext, tag].join('.'),
        [header, key, `${iv}AA`, ciphertext, tag].join('.'),
        [header, key, iv, '', tag].join('.'),
        [header, key, iv, 'A'.repeat(9000), tag].join('.'),
        ` ${token}`,
        'not.a.token',
        '',
      ];
      for (const bad of misspelled) expect(await codec.decode(bad)).toBeNull();
      expect(decryptions).not.toHaveBeenCalled();
      expect(await codec.decode(token)).toMatchObject(ordinary);
    });
  });
});
