import { generateKeyPairSync } from 'node:crypto';
import {
  CAEP_CREDENTIAL_CHANGE,
  CAEP_SESSION_ESTABLISHED,
  CAEP_SESSION_REVOKED,
  SET_CONTENT_TYPE,
  signalRouting,
  type SignalReceiver,
} from '@viewas/impersonation-core/shared-signals';
import { createPostgresStore } from '@viewas/impersonation-core/postgres';
import type { NewLedgerEvent, UserRow } from '@viewas/impersonation-core';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import * as z from 'zod';
import { PUBLIC_ORIGIN, startTestApp, TEST_PASSWORD, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { startSetReceiver } from '../../../testing/server/set-receiver';

const AUDIENCE = 'https://siem.example.com/ssf';
const RECEIVER_TOKEN = 'receiver-bearer-token-0123456789';
const POLL_MS = 50;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The claims of a SET as the SSF 1.0 profile of RFC 8417 defines them, and of each CAEP 1.0 event: an event
// carries only the members its definition names (strict), each of the defined type.
const NumericDate = z.number().int().positive();
const LanguageTagged = z.record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/), z.string().min(1));
const InitiatingEntity = z.enum(['admin', 'user', 'policy', 'system']);
const SubjectId = z.object({ format: z.literal('iss_sub'), iss: z.literal(PUBLIC_ORIGIN), sub: z.uuid() }).strict();
const CaepCommon = {
  event_timestamp: NumericDate,
  initiating_entity: InitiatingEntity,
  reason_admin: LanguageTagged.optional(),
  reason_user: LanguageTagged.optional(),
};
const CAEP_EVENTS = {
  [CAEP_SESSION_ESTABLISHED]: z
    .object({
      ...CaepCommon,
      ips: z.array(z.string()).optional(),
      fp_ua: z.string().optional(),
      acr: z.string().optional(),
      amr: z.array(z.string()).optional(),
      ext_id: z.string().optional(),
    })
    .strict(),
  [CAEP_SESSION_REVOKED]: z.object(CaepCommon).strict(),
  [CAEP_CREDENTIAL_CHANGE]: z
    .object({
      ...CaepCommon,
      credential_type: z.enum([
        'password',
        'pin',
        'x509',
        'fido2-platform',
        'fido2-roaming',
        'fido-u2f',
        'verifiable-credential',
        'phone-voice',
        'phone-sms',
        'app',
      ]),
      change_type: z.enum(['create', 'revoke', 'update', 'delete']),
      friendly_name: z.string().optional(),
      x509_issuer: z.string().optional(),
      x509_serial: z.string().optional(),
      fido2_aaguid: z.string().optional(),
    })
    .strict(),
} as const;
const SetClaims = z
  .object({
    iss: z.literal(PUBLIC_ORIGIN),
    iat: NumericDate,
    jti: z.string().min(16),
    aud: z.string().url(),
    txn: z.uuid().optional(),
    sub_id: SubjectId,
    act: z.object({ sub: z.uuid() }).strict().optional(),
    events: z.record(z.string(), z.unknown()).refine((events) => Object.keys(events).length === 1, 'one event per SET'),
  })
  .strict();

/** Checks a SET's claims against the SSF/CAEP definitions; answers its one event's type and claims. */
function caepShape(payload: JWTPayload, audience = AUDIENCE): { type: string; event: Record<string, unknown> } {
  const claims = SetClaims.parse(payload);
  expect(claims.aud).toBe(audience);
  const [type, event] = Object.entries(claims.events)[0] as [string, unknown];
  const schema = CAEP_EVENTS[type as keyof typeof CAEP_EVENTS];
  if (!schema) throw new Error(`not a CAEP event this transmitter sends: ${type}`);
  return { type, event: schema.parse(event) };
}

const OTHER_AUDIENCE = 'https://idp.example.com';

async function signOut(browser: TestBrowser): Promise<number> {
  const csrfToken = await browser.csrfToken();
  const response = await browser.fetch('/api/auth/signout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl: PUBLIC_ORIGIN, json: 'true' }),
  });
  return response.status;
}

/** Each SET a receiver got, verified against the JWKS the running server publishes (jose's remote key set) and checked against CAEP. */
async function verifiedSets(app: TestApp, received: { token: string }[], audience: string) {
  const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', app.url));
  const verified = [];
  for (const set of received) {
    const { payload } = await jwtVerify(set.token, jwks, { issuer: PUBLIC_ORIGIN, audience, typ: 'secevent+jwt', algorithms: ['EdDSA'] });
    verified.push({ payload, ...caepShape(payload, audience) });
  }
  return verified;
}

const sessionsEnded = (user: UserRow, admin: UserRow, index: number, at: Date): NewLedgerEvent => ({
  at,
  type: 'user.sessions_ended',
  actor: { id: admin.id, email: admin.email },
  target: { id: user.id, email: user.email },
  impersonationId: null,
  reason: null,
  ip: '203.0.113.9',
  userAgent: 'jest',
  detail: { sessionGeneration: index },
});

// OpenID Shared Signals out (docs/shared-signals.md): the metadata, the keys, and CAEP SETs pushed (RFC 8935)
// to a receiver on a loopback port, verified with the published JWKS by jose's remote key set.
for (const kind of testDatabaseKinds()) {
  describe(`the shared signals transmitter (${kind})`, () => {
    const signalKey = generateKeyPairSync('ed25519').privateKey;
    let database: TestDatabase;
    const cleanups: (() => Promise<void>)[] = [];
    /** App servers a test stopped itself. */
    const closed = new WeakSet<TestApp>();
    beforeEach(async () => {
      database = await createTestDatabase(kind);
    }, 180_000);
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
      await database?.close();
    });

    async function transmitting(receiver: { url: string }, extra: Partial<Parameters<typeof startTestApp>[0]> = {}): Promise<TestApp> {
      const receivers: SignalReceiver[] = [{ name: 'siem', url: receiver.url, audience: AUDIENCE, token: RECEIVER_TOKEN }];
      const app = await startTestApp({ database, signalKey, signalReceivers: receivers, signalPollMs: POLL_MS, ...extra });
      cleanups.push(async () => {
        if (!closed.has(app)) await app.close();
      });
      return app;
    }

    it('publishes its SSF metadata and its public SET key in the JWKS', async () => {
      const receiver = await startSetReceiver();
      cleanups.push(receiver.close);
      const app = await transmitting(receiver);
      const metadata = await app.browser().fetch('/.well-known/ssf-configuration');
      expect(metadata.status).toBe(200);
      expect(metadata.headers.get('content-type')).toBe('application/json');
      const document = await metadata.json();
      console.log(`SSF metadata (${kind}):\n${JSON.stringify(document, null, 2)}`);
      expect(document).toEqual({
        spec_version: '1_0',
        issuer: PUBLIC_ORIGIN,
        jwks_uri: `${PUBLIC_ORIGIN}/.well-known/jwks.json`,
        delivery_methods_supported: ['urn:ietf:rfc:8935'],
        events_supported: [CAEP_SESSION_ESTABLISHED, CAEP_SESSION_REVOKED, CAEP_CREDENTIAL_CHANGE],
        default_subjects: 'ALL',
      });
      const { keys } = (await (await app.browser().fetch('/.well-known/jwks.json')).json()) as { keys: Record<string, string>[] };
      expect(keys).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: expect.any(String), alg: 'EdDSA', use: 'sig' }]);
      expect((await app.browser().fetch('/.well-known/ssf-configuration', { method: 'POST' })).status).toBe(405);
    }, 30_000);

    it("pushes a view's start, its end and an admin's end of all sessions as CAEP SETs that verify with the published keys", async () => {
      const receiver = await startSetReceiver();
      cleanups.push(receiver.close);
      const app = await transmitting(receiver);
      const admin = await app.createUser({ role: 'admin' });
      const other = await app.createUser({ role: 'admin' });
      const user = await app.createUser();
      const { impersonationId } = await app.impersonating(admin, user, 'Ticket 7 needs a look');
      const ender = await app.signedIn(other);
      expect((await ender.api('POST', `/api/admin/impersonations/${impersonationId}/end`)).status).toBe(200);
      expect((await ender.api('POST', `/api/admin/users/${user.id}/sessions/end`)).status).toBe(200);
      await until(() => receiver.received.length >= 3, 10_000, 'three SETs');

      // An independent verifier: jose's remote key set over the JWKS the running server publishes.
      const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', app.url));
      const verified = [];
      for (const set of receiver.received) {
        expect(set.contentType).toBe(SET_CONTENT_TYPE);
        expect(set.authorization).toBe(`Bearer ${RECEIVER_TOKEN}`);
        const { payload, protectedHeader } = await jwtVerify(set.token, jwks, {
          issuer: PUBLIC_ORIGIN,
          audience: AUDIENCE,
          typ: 'secevent+jwt',
          algorithms: ['EdDSA'],
        });
        expect(protectedHeader).toEqual({ alg: 'EdDSA', typ: 'secevent+jwt', kid: expect.any(String) });
        verified.push({ payload, ...caepShape(payload) });
      }
      const [established, viewRevoked, allRevoked] = verified;
      console.log(
        `a SET as delivered (${kind}):\nheader ${JSON.stringify(decodeProtectedHeader(receiver.received[0]!.token))}\npayload ${JSON.stringify(established!.payload, null, 2)}`,
      );
      expect(established).toMatchObject({
        type: CAEP_SESSION_ESTABLISHED,
        event: { initiating_entity: 'admin', reason_admin: { en: 'Ticket 7 needs a look' } },
        payload: { txn: impersonationId, act: { sub: admin.id }, sub_id: { format: 'iss_sub', iss: PUBLIC_ORIGIN, sub: user.id } },
      });
      expect(viewRevoked).toMatchObject({
        type: CAEP_SESSION_REVOKED,
        event: { initiating_entity: 'admin', reason_admin: { en: 'An administrator ended the view' } },
        payload: { txn: impersonationId, act: { sub: admin.id }, sub_id: { sub: user.id } },
      });
      expect(allRevoked).toMatchObject({
        type: CAEP_SESSION_REVOKED,
        event: { initiating_entity: 'admin' },
        payload: { sub_id: { sub: user.id } },
      });
      expect(allRevoked!.payload).not.toHaveProperty('act');
      expect(new Set(verified.map(({ payload }) => payload.jti)).size).toBe(3);
    }, 30_000);

    it("pushes a user's own sign-out as exactly one session-revoked SET per receiver (initiated by the user), never a second for the same session", async () => {
      const siem = await startSetReceiver();
      const idp = await startSetReceiver();
      cleanups.push(siem.close, idp.close);
      const receivers: SignalReceiver[] = [
        { name: 'siem', url: siem.url, audience: AUDIENCE, token: RECEIVER_TOKEN },
        { name: 'idp', url: idp.url, audience: OTHER_AUDIENCE },
      ];
      const app = await startTestApp({ database, signalKey, signalReceivers: receivers, signalPollMs: POLL_MS });
      cleanups.push(() => app.close());
      const user = await app.createUser();
      const browser = await app.signedIn(user);
      const savedCopy = browser.clone();
      const ledgerBefore = (await app.storage.ledger.list({ limit: 100 })).events.length;
      expect(await signOut(browser)).toBe(200);
      expect(await signOut(savedCopy)).toBe(200);
      await until(() => siem.received.length >= 1 && idp.received.length >= 1, 10_000, 'the sign-out at both receivers');
      await until(
        async () => (await app.services.transmitter!.health()).every((health) => health.pending === 0),
        5_000,
        'deliveries recorded',
      );
      await new Promise((resolve) => setTimeout(resolve, 5 * POLL_MS));
      const atSiem = await verifiedSets(app, siem.received, AUDIENCE);
      const atIdp = await verifiedSets(app, idp.received, OTHER_AUDIENCE);
      for (const verified of [atSiem, atIdp]) {
        expect(verified).toHaveLength(1);
        expect(verified[0]).toMatchObject({
          type: CAEP_SESSION_REVOKED,
          event: { initiating_entity: 'user', reason_admin: { en: 'The user signed out' } },
          payload: { sub_id: { format: 'iss_sub', iss: PUBLIC_ORIGIN, sub: user.id } },
        });
        expect(verified[0]!.payload).not.toHaveProperty('act');
        expect(verified[0]!.payload).not.toHaveProperty('txn');
      }
      expect(atSiem[0]!.payload.jti).not.toBe(atIdp[0]!.payload.jti);
      expect(siem.received[0]!.authorization).toBe(`Bearer ${RECEIVER_TOKEN}`);
      // A sign-out is told to the receivers, not written to the impersonation ledger.
      expect((await app.storage.ledger.list({ limit: 100 })).events).toHaveLength(ledgerBefore);
      const health = await app.services.transmitter!.health();
      expect(
        health.map(({ receiver, pending, failed, lastDeliveredAt }) => ({
          receiver,
          pending,
          failed,
          delivered: lastDeliveredAt !== null,
        })),
      ).toEqual([
        { receiver: 'siem', pending: 0, failed: 0, delivered: true },
        { receiver: 'idp', pending: 0, failed: 0, delivered: true },
      ]);
    }, 30_000);

    it('pushes a password change as one credential-change and one session-revoked per receiver, and a session-revoked for the view it ended', async () => {
      const siem = await startSetReceiver();
      const idp = await startSetReceiver();
      cleanups.push(siem.close, idp.close);
      const receivers: SignalReceiver[] = [
        { name: 'siem', url: siem.url, audience: AUDIENCE, token: RECEIVER_TOKEN },
        { name: 'idp', url: idp.url, audience: OTHER_AUDIENCE },
      ];
      const app = await startTestApp({ database, signalKey, signalReceivers: receivers, signalPollMs: POLL_MS });
      cleanups.push(() => app.close());
      const admin = await app.createUser({ role: 'admin' });
      const user = await app.createUser();
      const { impersonationId } = await app.impersonating(admin, user, 'Ticket 9 needs a look');
      await until(() => siem.received.length >= 1 && idp.received.length >= 1, 10_000, 'the view started at both receivers');
      const browser = await app.signedIn(user);
      const changed = await browser.api('POST', '/api/account/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a brand new passphrase',
      });
      expect(changed.status).toBe(200);
      await until(() => siem.received.length >= 4 && idp.received.length >= 4, 10_000, 'the change at both receivers');
      await until(
        async () => (await app.services.transmitter!.health()).every((health) => health.pending === 0),
        5_000,
        'deliveries recorded',
      );
      await new Promise((resolve) => setTimeout(resolve, 5 * POLL_MS));

      for (const [receiver, audience] of [
        [siem, AUDIENCE],
        [idp, OTHER_AUDIENCE],
      ] as const) {
        const verified = await verifiedSets(app, receiver.received, audience);
        expect(verified).toHaveLength(4);
        expect(new Set(verified.map(({ payload }) => payload.jti)).size).toBe(4);
        const [, ...afterChange] = verified;
        const credential = afterChange.filter(({ type }) => type === CAEP_CREDENTIAL_CHANGE);
        const revoked = afterChange.filter(({ type }) => type === CAEP_SESSION_REVOKED);
        expect(credential).toEqual([
          expect.objectContaining({
            event: { event_timestamp: expect.any(Number), initiating_entity: 'user', credential_type: 'password', change_type: 'update' },
            payload: expect.objectContaining({ sub_id: { format: 'iss_sub', iss: PUBLIC_ORIGIN, sub: user.id } }),
          }),
        ]);
        expect(credential[0]!.payload).not.toHaveProperty('act');
        expect(revoked).toHaveLength(2);
        // Every session of the user (no view, no actor), and the view of them that the change ended.
        expect(revoked.find(({ payload }) => !payload.txn)).toMatchObject({
          event: {
            initiating_entity: 'user',
            reason_admin: { en: 'The user changed their password, which ended every session of theirs' },
          },
          payload: { sub_id: { sub: user.id } },
        });
        expect(revoked.find(({ payload }) => payload.txn)).toMatchObject({
          event: { initiating_entity: 'user', reason_admin: { en: 'The user changed their password' } },
          payload: { txn: impersonationId, act: { sub: admin.id }, sub_id: { sub: user.id } },
        });
        if (receiver === siem) {
          const token = siem.received.find(
            (set) => decodeJwt(set.token).events && CAEP_CREDENTIAL_CHANGE in (decodeJwt(set.token).events as object),
          )!.token;
          console.log(
            `a credential-change SET as delivered (${kind}):\nheader ${JSON.stringify(decodeProtectedHeader(token))}\npayload ${JSON.stringify(decodeJwt(token), null, 2)}`,
          );
        }
      }
    }, 30_000);

    it('takes a receiver\'s 400 as final (RFC 8935) and shows its "err" in the delivery health of /api/health and of the admin page', async () => {
      const receiver = await startSetReceiver(() => ({ status: 400, body: { err: 'invalid_audience', description: 'not us' } }));
      cleanups.push(receiver.close);
      const app = await transmitting(receiver);
      const admin = await app.createUser({ role: 'admin' });
      const user = await app.createUser();
      expect((await (await app.signedIn(admin)).api('POST', `/api/admin/users/${user.id}/sessions/end`)).status).toBe(200);
      await until(async () => (await app.services.transmitter!.health())[0]!.failed === 1, 10_000, 'the refusal recorded');
      const refused = {
        receiver: 'siem',
        url: receiver.url,
        pending: 0,
        failing: 0,
        failed: 1,
        lastError: {
          eventId: expect.any(Number),
          at: expect.any(String),
          message: 'the receiver answered 400: not retried (invalid_audience: not us)',
        },
        lastDeliveredAt: null,
      };
      const report = (await (await app.browser().fetch('/api/health')).json()) as { signals: Record<string, unknown>[] };
      expect(report.signals).toEqual([refused]);
      const deliveries = await (await app.signedIn(admin)).api('GET', '/api/admin/audit/deliveries');
      expect(deliveries.body).toMatchObject({ success: true, enabled: false, signals: [refused] });
      await new Promise((resolve) => setTimeout(resolve, 5 * POLL_MS));
      expect(receiver.received).toHaveLength(1);
    }, 30_000);

    it('delivers every event exactly once (counted by jti) when the app server stops mid-queue and another starts', async () => {
      const receiver = await startSetReceiver(() => ({ status: 202, hangMs: 150 }));
      cleanups.push(receiver.close);
      const first = await transmitting(receiver);
      const admin = await first.createUser({ role: 'admin' });
      const user = await first.createUser();
      const receivers: SignalReceiver[] = [{ name: 'siem', url: receiver.url, audience: AUDIENCE }];
      const writer = createPostgresStore(database.handle.db, { webhookOutbox: signalRouting({ webhooks: false, receivers }) });
      const count = 30;
      for (let index = 0; index < count; index += 1) await writer.ledger.append(sessionsEnded(user, admin, index, first.clock.now()));
      await until(() => receiver.accepted.size >= 3, 10_000, 'a few deliveries');
      await first.close();
      closed.add(first);
      const beforeRestart = receiver.accepted.size;
      expect(beforeRestart).toBeLessThan(count);
      const second = await transmitting(receiver);
      await until(() => receiver.accepted.size === count, 20_000, 'every SET delivered after the restart');
      await until(async () => (await second.services.transmitter!.health())[0]!.pending === 0, 5_000, 'every delivery recorded');
      const copies = [...receiver.accepted.values()];
      console.log(
        `restart mid-delivery (${kind}): ${beforeRestart} SETs before the restart, ${count - beforeRestart} after; ${receiver.received.length} POSTs, ${receiver.accepted.size} distinct jti`,
      );
      expect(copies.every((copies) => copies === 1)).toBe(true);
      expect(receiver.received).toHaveLength(count);
    }, 60_000);
  });
}
