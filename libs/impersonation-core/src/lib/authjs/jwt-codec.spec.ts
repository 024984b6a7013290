import { decode as authJsDecode, encode as authJsEncode } from '@auth/core/jwt';
import { createJwtCodec } from '../next-auth/jwt-codec';
import type { SessionClaims } from '../session';
import { createAuthJsJwtCodec } from './jwt-codec';
import { authJsSessionCookieName } from './session-cookie';

const secret = 'a-test-secret-that-is-long-enough-000000';
const start = new Date('2030-01-01T10:00:00.000Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const HOUR = 3600;
const cookieName = authJsSessionCookieName('http://localhost:3000');

const view = {
  id: 'imp-1',
  adminId: 'admin-1',
  adminEmail: 'admin@example.com',
  adminAuthTime: seconds(start),
  adminGen: 0,
  expiresAt: seconds(start) + HOUR,
  checkedAt: seconds(start),
  mode: 'read_only' as const,
};
const impersonated: SessionClaims = {
  sub: 'user-1',
  email: 'ada@example.com',
  role: 'user',
  authTime: seconds(start),
  sid: 'session-0000000001',
  gen: 0,
  impersonation: view,
};

describe("the Auth.js v5 session codec against @auth/core's own jwt", () => {
  // @auth/core checks exp against the real clock: the tokens here live in the real present.
  const now = () => new Date();
  const codec = createAuthJsJwtCodec({ secret, cookieName, sessionMaxAgeSeconds: 8 * HOUR, now });
  const live: SessionClaims = { ...impersonated, impersonation: { ...view, expiresAt: seconds(new Date()) + HOUR } };

  it('names the cookie as Auth.js does, __Host- prefixed on https', () => {
    expect(cookieName).toBe('authjs.session-token');
    expect(authJsSessionCookieName('https://app.example.com')).toBe('__Host-authjs.session-token');
  });

  it('writes a token @auth/core decodes with the cookie name as salt: dir, A256CBC-HS512 and a kid', async () => {
    const token = await codec.encode(live);
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as Record<string, string>;
    expect(header).toEqual({ alg: 'dir', enc: 'A256CBC-HS512', kid: expect.stringMatching(/^[A-Za-z0-9_-]{86}$/) });
    expect(await authJsDecode({ token, secret, salt: cookieName })).toMatchObject({ ...live, act: { sub: 'admin-1' } });
  });

  it('reads a token @auth/core wrote for the same cookie', async () => {
    const token = await authJsEncode({ token: { ...live }, secret, salt: cookieName });
    expect(await codec.decode(token)).toMatchObject(live);
  });

  it('refuses a token salted for another cookie name, both ways', async () => {
    const other = await authJsEncode({ token: { ...live }, secret, salt: '__Secure-authjs.session-token' });
    expect(await codec.decode(other)).toBeNull();
    await expect(authJsDecode({ token: await codec.encode(live), secret, salt: '__Secure-authjs.session-token' })).rejects.toThrow();
  });

  it("refuses next-auth v4's token (A256GCM, no salt) for the same secret, before decrypting", async () => {
    const v4 = await createJwtCodec({ secret, sessionMaxAgeSeconds: 8 * HOUR, now }).encode(live);
    expect(await codec.decode(v4)).toBeNull();
  });

  it('refuses a token that @auth/core wrote with another secret', async () => {
    const token = await authJsEncode({ token: { ...live }, secret: 'another-secret-that-is-long-enough-0000', salt: cookieName });
    expect(await codec.decode(token)).toBeNull();
  });

  it("stamps exp at the view's hard expiry, whatever maxAge Auth.js would give", async () => {
    const token = await codec.encode(live);
    expect(await authJsDecode({ token, secret, salt: cookieName })).toMatchObject({ exp: live.impersonation?.expiresAt });
  });
});
