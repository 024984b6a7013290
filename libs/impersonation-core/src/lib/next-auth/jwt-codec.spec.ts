import { decode as nextAuthDecode, encode as nextAuthEncode } from 'next-auth/jwt';
import { createJwtCodec } from './jwt-codec';
import type { SessionClaims } from '../session';

const secret = 'a-test-secret-that-is-long-enough-000000';
const start = new Date('2030-01-01T10:00:00.000Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const HOUR = 3600;

const ordinary: SessionClaims = { sub: 'user-1', email: 'ada@example.com', role: 'user', authTime: seconds(start) };
const impersonated: SessionClaims = {
  ...ordinary,
  impersonation: {
    id: 'imp-1',
    adminId: 'admin-1',
    adminEmail: 'admin@example.com',
    adminAuthTime: seconds(start),
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
});
