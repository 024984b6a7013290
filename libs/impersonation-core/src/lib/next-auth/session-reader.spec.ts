import { createJwtCodec } from './jwt-codec';
import { createSessionRead } from './session-endpoint';
import { createSessionReader } from '../jwt-session/session-reader';
import { toSession } from '../jwt-session/session-view';
import type { SessionClaims } from '../session';
import type { SessionCheck } from '../session-check';

const secret = 'a-test-secret-that-is-long-enough-000000';
const start = new Date('2030-01-01T10:00:00.000Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const HOUR = 3600;
const MAX_AGE = 8 * HOUR;
const cookieName = 'next-auth.session-token';

const impersonated: SessionClaims = {
  sub: 'user-1',
  email: 'ada@example.com',
  role: 'user',
  authTime: seconds(start),
  sid: 'session-0000000001',
  gen: 0,
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

// Every session is valid and unchanged: what is looked at here is how its claims and answer are read.
const acceptAll = async (claims: SessionClaims): Promise<SessionCheck> => ({ valid: true, claims, refreshed: false });

function setUp(decodedTokensKept?: number) {
  const codec = createJwtCodec({ secret, sessionMaxAgeSeconds: MAX_AGE, now: () => start, decodedTokensKept });
  const sessions = createSessionReader({ codec, cookieName, checkSession: acceptAll });
  const read = createSessionRead({ sessions, codec, cookieName, secureCookie: false, sessionMaxAgeSeconds: MAX_AGE });
  return { codec, sessions, read };
}

describe('the session of a cookie the codec keeps', () => {
  it('reads its claims once and hands every read the same frozen claims', async () => {
    const { codec, sessions } = setUp();
    const token = await codec.encode(impersonated);

    const first = await sessions.fromToken(token);
    const second = await sessions.fromToken(token);

    if (first.status !== 'valid' || second.status !== 'valid') throw new Error('the session should be valid');
    expect(first.claims).toEqual(impersonated);
    expect(second.claims).toBe(first.claims);
    expect(Object.isFrozen(first.claims)).toBe(true);
    expect(Object.isFrozen(first.claims.impersonation)).toBe(true);
  });

  it('keeps a caller from changing the claims the next read gets', async () => {
    const { codec, sessions } = setUp();
    const token = await codec.encode(impersonated);
    const first = await sessions.fromToken(token);
    if (first.status !== 'valid' || !first.claims.impersonation) throw new Error('the session should be impersonated');

    expect(() => {
      (first.claims as { role: string }).role = 'admin';
    }).toThrow(TypeError);
    expect(() => {
      (first.claims.impersonation as { adminId: string }).adminId = 'someone-else';
    }).toThrow(TypeError);
    const next = await sessions.fromToken(token);
    expect(next.status === 'valid' && next.claims).toEqual(impersonated);
  });

  it('reads fresh claims on every read when the codec keeps nothing', async () => {
    const { codec, sessions } = setUp(0);
    const token = await codec.encode(impersonated);

    const first = await sessions.fromToken(token);
    const second = await sessions.fromToken(token);

    if (first.status !== 'valid' || second.status !== 'valid') throw new Error('the session should be valid');
    expect(second.claims).toEqual(first.claims);
    expect(second.claims).not.toBe(first.claims);
  });

  it('answers GET /api/auth/session with the same body on every read, kept or not', async () => {
    const kept = setUp();
    const fresh = setUp(0);
    const expected = JSON.stringify(toSession(impersonated, MAX_AGE));

    for (const { codec, read } of [kept, fresh]) {
      const cookie = `${cookieName}=${await codec.encode(impersonated)}`;
      expect(await read(cookie)).toEqual({ body: expected, setCookies: [] });
      expect(await read(cookie)).toEqual({ body: expected, setCookies: [] });
    }
  });

  it('answers a cookie that cannot be read with no session, and clears it', async () => {
    const { read } = setUp();
    expect(await read(`${cookieName}=not-a-token`)).toEqual({
      body: '{}',
      setCookies: [`${cookieName}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`],
    });
  });
});
