import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { ChainedLedgerRow } from '../ledger/ledger-chain';
import {
  CAEP_CREDENTIAL_CHANGE,
  CAEP_SESSION_ESTABLISHED,
  CAEP_SESSION_REVOKED,
  caepEventOf,
  isSignalled,
  sessionRevokedBy,
} from './caep-events';
import { signalChannel } from './receivers-config';
import { pushErrorOf } from './set-push';
import { createSetSigner, setIdOf } from './set-signer';
import { signalRouting } from './signal-routing';

const ADMIN = '00000000-0000-4000-8000-00000000000a';
const USER = '00000000-0000-4000-8000-00000000000b';
const VIEW = '00000000-0000-4000-8000-00000000000c';

const row = (type: string, detail: Record<string, unknown> = {}, actorId = ADMIN): ChainedLedgerRow => ({
  id: 7,
  at: new Date('2026-11-27T04:00:00.000Z'),
  type,
  actorId,
  actorEmail: 'admin@example.com',
  targetId: USER,
  targetEmail: 'ada@example.com',
  impersonationId: type.startsWith('impersonation.') ? VIEW : null,
  reason: type.startsWith('impersonation.') ? 'Ticket 1' : null,
  ip: null,
  userAgent: null,
  detail,
  prevHash: '0'.repeat(64),
  hash: 'a'.repeat(64),
});

describe('the CAEP event of a ledger row', () => {
  it('is session-established for a view taking over, initiated by the admin, with the reason and the admin as act', () => {
    expect(caepEventOf(row('impersonation.activated'))).toEqual({
      type: CAEP_SESSION_ESTABLISHED,
      subjectId: USER,
      at: new Date('2026-11-27T04:00:00.000Z'),
      txn: VIEW,
      act: { sub: ADMIN },
      claims: { initiating_entity: 'admin', reason_admin: { en: 'Ticket 1' } },
    });
  });

  it.each([
    ['impersonation.returned', {}, 'admin'],
    ['impersonation.ended', {}, 'admin'],
    ['impersonation.ended', { via: 'sign_out' }, 'admin'],
    ['impersonation.ended', { via: 'policy' }, 'policy'],
    ['impersonation.ended', { via: 'consent_withdrawn', admin: { id: ADMIN } }, 'user'],
    ['impersonation.expired', { neverStarted: false }, 'policy'],
    ['user.sessions_ended', { sessionGeneration: 3 }, 'admin'],
  ])('is session-revoked for %s %j, initiated by %s', (type, detail, entity) => {
    expect(caepEventOf(row(type, detail, type === 'impersonation.ended' && 'admin' in detail ? USER : ADMIN))).toMatchObject({
      type: CAEP_SESSION_REVOKED,
      subjectId: USER,
      claims: { initiating_entity: entity, reason_admin: { en: expect.any(String) } },
      ...(type.startsWith('impersonation.') ? { act: { sub: ADMIN }, txn: VIEW } : {}),
    });
  });

  it('is none for rows that end no session, or that a received signal caused (no echo)', () => {
    for (const [type, detail] of [
      ['impersonation.started', {}],
      ['impersonation.denied', {}],
      ['impersonation.expired', { neverStarted: true }],
      ['ledger.checkpoint', {}],
      ['user.sessions_ended', { ssfIssuer: 'https://idp.example.com' }],
      ['impersonation.ended', { via: 'shared_signal', ssfIssuer: 'https://idp.example.com' }],
    ] as const) {
      expect(isSignalled(type, detail)).toBe(false);
      expect(caepEventOf(row(type, detail))).toBeNull();
    }
  });
});

describe('routing rows to the outbox', () => {
  const receivers = [{ name: 'siem', url: 'https://siem.example.com', audience: 'a' }];
  it('queues a CAEP event for every receiver and the webhook, and any other row for the webhook alone', () => {
    const route = signalRouting({ webhooks: true, receivers });
    expect(typeof route === 'function' && route({ type: 'user.sessions_ended', detail: {} })).toEqual([
      'webhook',
      signalChannel(receivers[0]!),
    ]);
    expect(typeof route === 'function' && route({ type: 'impersonation.denied', detail: {} })).toEqual(['webhook']);
  });
  it('is the webhook flag alone without receivers', () => {
    expect(signalRouting({ webhooks: true, receivers: [] })).toBe(true);
    expect(signalRouting({ webhooks: false, receivers: [] })).toBe(false);
  });
});

describe('the CAEP events of a password change and a sign-out', () => {
  it('is credential-change of a password, updated by the user, for the user.password_changed row', () => {
    expect(caepEventOf(row('user.password_changed', { sessionGeneration: 2 }, USER))).toEqual({
      type: CAEP_CREDENTIAL_CHANGE,
      subjectId: USER,
      at: new Date('2026-11-27T04:00:00.000Z'),
      claims: { initiating_entity: 'user', credential_type: 'password', change_type: 'update' },
    });
  });

  it('is session-revoked initiated by the user for a view the password change ended', () => {
    expect(caepEventOf(row('impersonation.ended', { via: 'password_changed', admin: { id: ADMIN } }, USER))).toMatchObject({
      type: CAEP_SESSION_REVOKED,
      txn: VIEW,
      act: { sub: ADMIN },
      claims: { initiating_entity: 'user', reason_admin: { en: 'The user changed their password' } },
    });
  });

  it('is session-revoked initiated by the user, without a view or an actor, for a sign-out and the sessions a password change ended', () => {
    const at = new Date('2026-11-27T05:00:00.000Z');
    expect(sessionRevokedBy('sign_out', USER, at)).toEqual({
      type: CAEP_SESSION_REVOKED,
      subjectId: USER,
      at,
      claims: { initiating_entity: 'user', reason_admin: { en: 'The user signed out' } },
    });
    expect(sessionRevokedBy('password_changed', USER, at).claims.reason_admin).toEqual({
      en: 'The user changed their password, which ended every session of theirs',
    });
  });

  it('signs a queued session signal with a jti of its seed: the same on every signing, another for another seed', async () => {
    const signer = createSetSigner({ issuer: 'https://viewas.example.com', privateKey: generateKeyPairSync('ed25519').privateKey });
    const signal = {
      id: 3,
      seed: '6f1c0f0e-6f4b-4d0e-9b7a-0c7c3c1f2a11',
      event: sessionRevokedBy('sign_out', USER, new Date('2026-11-27T05:00:00.000Z')),
    };
    const first = await signer.signSignal(signal, 'https://siem.example.com');
    expect(await signer.signSignal(signal, 'https://siem.example.com')).toBe(first);
    expect(
      decodeJwt(await signer.signSignal({ ...signal, seed: '7f1c0f0e-6f4b-4d0e-9b7a-0c7c3c1f2a11' }, 'https://siem.example.com')).jti,
    ).not.toBe(decodeJwt(first).jti);
    expect(decodeJwt(first)).toMatchObject({
      jti: setIdOf({ hash: signal.seed }, 'https://siem.example.com'),
      iat: 1795755600,
      sub_id: { format: 'iss_sub', iss: 'https://viewas.example.com', sub: USER },
      events: {
        [CAEP_SESSION_REVOKED]: { event_timestamp: 1795755600, initiating_entity: 'user', reason_admin: { en: 'The user signed out' } },
      },
    });
  });
});

describe('a SET', () => {
  it('is the same token on every signing of one row for one audience (EdDSA, jti from the row hash), another for another audience', async () => {
    const signer = createSetSigner({ issuer: 'https://viewas.example.com', privateKey: generateKeyPairSync('ed25519').privateKey });
    const first = await signer.sign(row('user.sessions_ended'), 'https://siem.example.com');
    expect(await signer.sign(row('user.sessions_ended'), 'https://siem.example.com')).toBe(first);
    const other = await signer.sign(row('user.sessions_ended'), 'https://other.example.com');
    expect(decodeJwt(other as string).jti).not.toBe(decodeJwt(first as string).jti);
    expect(decodeJwt(first as string)).toMatchObject({ jti: setIdOf(row('x'), 'https://siem.example.com'), iat: 1795752000 });
    expect(decodeProtectedHeader(first as string)).toMatchObject({ alg: 'EdDSA', typ: 'secevent+jwt' });
    expect(await signer.sign(row('impersonation.denied'), 'https://siem.example.com')).toBeNull();
  });

  it('is signed ES256 with a P-256 key, and refused with any other key', async () => {
    const signer = createSetSigner({
      issuer: 'https://viewas.example.com',
      privateKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
    });
    expect(decodeProtectedHeader((await signer.sign(row('user.sessions_ended'), 'a')) as string).alg).toBe('ES256');
    expect(() => createSetSigner({ issuer: 'x', privateKey: generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey })).toThrow(
      /Ed25519 or EC P-256/,
    );
  });
});

describe("a receiver's RFC 8935 error body", () => {
  it('reads err and description, printable and short, and nothing from a body that is not one', () => {
    expect(pushErrorOf('{"err":"invalid_audience","description":"not us"}')).toBe('invalid_audience: not us');
    expect(pushErrorOf('{"err":"invalid_key"}')).toBe('invalid_key');
    expect(pushErrorOf('{"err":"x\\u0007","description":"' + 'y'.repeat(400) + '"}')).toHaveLength(300);
    expect(pushErrorOf('<html>')).toBeUndefined();
    expect(pushErrorOf('{"error":"x"}')).toBeUndefined();
  });
});
