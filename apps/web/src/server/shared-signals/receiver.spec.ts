import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CAEP_CREDENTIAL_CHANGE,
  CAEP_SESSION_ESTABLISHED,
  CAEP_SESSION_REVOKED,
  SET_CONTENT_TYPE,
  SET_MAX_AGE_SECONDS,
} from '@viewas/impersonation-core/shared-signals';
import type { UserRow } from '@viewas/impersonation-core';
import { REVOCATION_WINDOW_MS } from '@viewas/impersonation-core/testing';
import { calculateJwkThumbprint, exportJWK, SignJWT, type JWK } from 'jose';
import { PUBLIC_ORIGIN, startTestApp, TestClock, type TestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import { MAX_SET_BYTES } from './receiver-wiring';

const ISSUER = 'https://idp.example.com';
const TOKEN_ISSUER = 'https://hr.example.com';
const TOKEN = 'hr-system-push-token-0123456789';
const METRICS_TOKEN = 'metrics-token-0123456789';

/** The real time: revocations reach the other app server by its own reloads, and the test measures how long that takes. */
class WallClock extends TestClock {
  override readonly now = () => new Date();
}

/** An identity provider's signing key (ES256, as many send) and its public JWK. */
async function issuerKey(): Promise<{ privateKey: KeyObject; jwk: JWK }> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = await exportJWK(publicKey);
  return { privateKey, jwk: { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'ES256', use: 'sig' } };
}

/** The identity provider's JWKS endpoint on a loopback port, counting how often it is fetched. */
async function serveJwks(keys: JWK[]) {
  let fetches = 0;
  const server = createServer((_, response) => {
    fetches += 1;
    response.writeHead(200, { 'content-type': 'application/jwk-set+json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
    fetches: () => fetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let jtiCounter = 0;

interface SetFields {
  iss?: string;
  aud?: string;
  iat?: number;
  exp?: number;
  jti?: string;
  typ?: string;
  event?: string;
  subject?: Record<string, unknown>;
  kid?: string;
}

/** A SET as the identity provider signs it (ES256 with its key unless told otherwise). */
function signSet(key: { privateKey: KeyObject; jwk: JWK }, fields: SetFields): Promise<string> {
  const iat = fields.iat ?? Math.floor(Date.now() / 1000);
  const set = new SignJWT({
    jti: fields.jti ?? `set-${Date.now()}-${(jtiCounter += 1)}`,
    sub_id: fields.subject,
    events: { [fields.event ?? CAEP_SESSION_REVOKED]: { event_timestamp: iat, initiating_entity: 'policy' } },
  })
    .setProtectedHeader({ alg: 'ES256', typ: fields.typ ?? 'secevent+jwt', kid: fields.kid ?? (key.jwk.kid as string) })
    .setIssuer(fields.iss ?? ISSUER)
    .setAudience(fields.aud ?? PUBLIC_ORIGIN)
    .setIssuedAt(iat);
  if (fields.exp !== undefined) set.setExpirationTime(fields.exp);
  return set.sign(key.privateKey);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

// OpenID Shared Signals in (docs/shared-signals.md): POST /api/ssf/events over real HTTP, from a trusted
// issuer whose key set is served on a loopback port, on two app servers sharing the database.
for (const kind of testDatabaseKinds()) {
  describe(`the shared signals receiver (${kind})`, () => {
    let database: TestDatabase;
    let app: TestApp;
    let otherServer: TestApp;
    let admin: UserRow;
    let key: Awaited<ReturnType<typeof issuerKey>>;
    let jwks: Awaited<ReturnType<typeof serveJwks>>;
    const clock = new WallClock();

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      key = await issuerKey();
      jwks = await serveJwks([key.jwk]);
      const inline = await issuerKey();
      const options = {
        database,
        clock,
        metricsToken: METRICS_TOKEN,
        signalIssuers: [
          { issuer: ISSUER, jwksUri: jwks.url },
          { issuer: TOKEN_ISSUER, jwks: { keys: [inline.jwk as Record<string, unknown>] }, token: TOKEN },
        ],
        signalRefusalLimit: { maxFailures: 1_000, windowMs: 60_000, lockMs: 60_000 },
      };
      app = await startTestApp(options);
      otherServer = await startTestApp(options);
      admin = await app.createUser({ role: 'admin' });
    }, 180_000);
    afterAll(async () => {
      await app?.close();
      await otherServer?.close();
      await jwks?.close();
      await database?.close();
    });

    const push = (token: string, headers: Record<string, string> = {}) =>
      app.browser().fetch('/api/ssf/events', { method: 'POST', headers: { 'content-type': SET_CONTENT_TYPE, ...headers }, body: token });

    async function refusedWith(response: Response, status: number, err: string) {
      expect({ status: response.status, body: await response.json() }).toEqual({ status, body: { err, description: expect.any(String) } });
    }

    /** Polls `browser`'s session on `server` until it is gone; answers how long that took. */
    async function msUntilSignedOut(browser: TestBrowser, server: TestApp, since: number): Promise<number> {
      while (Object.keys(await browser.clone(server.url).session()).length > 0) {
        if (Date.now() - since > 10_000) throw new Error('the session was never ended');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return Date.now() - since;
    }

    it("ends a user's sessions and every view of them on every app server within 2 s for a verified session-revoked SET, with a ledger row naming the issuer", async () => {
      const user = await app.createUser();
      const signedIn = await otherServer.signedIn(user);
      const { browser: view } = await otherServer.impersonating(admin, user, 'Ticket 99');
      expect(await view.clone().session()).toMatchObject({ user: { id: user.id, isImpersonated: true } });

      const set = await signSet(key, { subject: { format: 'email', email: user.email.toUpperCase() } });
      const posted = Date.now();
      const response = await push(set);
      const accepted = Date.now();
      expect(response.status).toBe(202);
      expect(await response.text()).toBe('');
      // From the 202: the receiving server refuses the cookies at once, every other within the revocation window.
      const here = await msUntilSignedOut(signedIn, app, accepted);
      const there = await msUntilSignedOut(signedIn, otherServer, accepted);
      const viewThere = await msUntilSignedOut(view, otherServer, accepted);
      console.log(
        `shared signal to sessions ended (${kind}): the push answered 202 in ${accepted - posted} ms; then ${here} ms on the receiving server, ` +
          `${there} ms on the other server, the view of the user ${viewThere} ms there (window ${REVOCATION_WINDOW_MS} ms)`,
      );
      expect(here).toBeLessThan(REVOCATION_WINDOW_MS);
      expect(Math.max(there, viewThere)).toBeLessThanOrEqual(REVOCATION_WINDOW_MS);

      const ledger = await (
        await app.signedIn(admin)
      ).api<{ events: Record<string, unknown>[] }>('GET', `/api/admin/audit?target=${user.id}`);
      const types = ledger.body.events.map((event) => event.type);
      expect(types.slice(0, 2).sort()).toEqual(['impersonation.ended', 'user.sessions_ended']);
      expect(ledger.body.events.find((event) => event.type === 'user.sessions_ended')).toMatchObject({
        actor: null,
        target: { id: user.id },
        detail: { ssfIssuer: ISSUER, ssfEvent: CAEP_SESSION_REVOKED, ssfJti: expect.any(String) },
      });
      expect(ledger.body.events.find((event) => event.type === 'impersonation.ended')).toMatchObject({
        detail: { via: 'shared_signal', ssfIssuer: ISSUER, admin: { id: admin.id } },
      });
    }, 30_000);

    it('ends the sessions for a credential-change about our own user id (iss_sub under our issuer), from an issuer whose bearer token it carries', async () => {
      const inlineKey = await issuerKey();
      // This issuer's key set is given inline in its settings: a key it does not list signs nothing.
      await refusedWith(
        await push(await signSet(inlineKey, { iss: TOKEN_ISSUER, subject: { format: 'opaque', id: admin.id } }), {
          authorization: `Bearer ${TOKEN}`,
        }),
        400,
        'invalid_key',
      );
      const user = await app.createUser();
      const signedIn = await app.signedIn(user);
      const set = await signSet(key, { event: CAEP_CREDENTIAL_CHANGE, subject: { format: 'iss_sub', iss: PUBLIC_ORIGIN, sub: user.id } });
      expect((await push(set)).status).toBe(202);
      expect(await signedIn.clone().session()).toEqual({});
    }, 30_000);

    it('accepts events that end nothing (a session-established, a subject we do not know) and changes nothing', async () => {
      const user = await app.createUser();
      const signedIn = await app.signedIn(user);
      expect(
        (await push(await signSet(key, { event: CAEP_SESSION_ESTABLISHED, subject: { format: 'email', email: user.email } }))).status,
      ).toBe(202);
      expect((await push(await signSet(key, { subject: { format: 'email', email: 'nobody@example.com' } }))).status).toBe(202);
      expect((await push(await signSet(key, { subject: { format: 'iss_sub', iss: ISSUER, sub: user.id } }))).status).toBe(202);
      expect(await signedIn.clone().session()).toMatchObject({ user: { id: user.id } });
    }, 30_000);

    describe('refuses, with RFC 8935 error bodies, and ends no session', () => {
      let user: UserRow;
      let signedIn: TestBrowser;
      const subject = () => ({ format: 'email', email: user.email });
      beforeAll(async () => {
        user = await app.createUser();
        signedIn = await app.signedIn(user);
      });
      afterEach(async () => {
        expect(await signedIn.clone().session()).toMatchObject({ user: { id: user.id } });
      });

      it("a forged SET: signed by another key under the issuer's key id", async () => {
        const forger = await issuerKey();
        await refusedWith(await push(await signSet(forger, { subject: subject(), kid: key.jwk.kid as string })), 400, 'invalid_key');
      });

      it('a SET signed by a key the issuer does not publish, without refetching its key set for every one', async () => {
        const forger = await issuerKey();
        const before = jwks.fetches();
        for (let index = 0; index < 10; index += 1)
          await refusedWith(await push(await signSet(forger, { subject: subject() })), 400, 'invalid_key');
        expect(jwks.fetches() - before).toBeLessThanOrEqual(1);
      });

      it('an unsigned SET (alg none)', async () => {
        const header = base64url({ alg: 'none', typ: 'secevent+jwt' });
        const payload = base64url({
          iss: ISSUER,
          aud: PUBLIC_ORIGIN,
          iat: Math.floor(Date.now() / 1000),
          jti: 'unsigned-1',
          sub_id: subject(),
          events: { [CAEP_SESSION_REVOKED]: {} },
        });
        await refusedWith(await push(`${header}.${payload}.`), 400, 'invalid_request');
      });

      it('an expired SET, and one older than the acceptance window', async () => {
        const now = Math.floor(Date.now() / 1000);
        await refusedWith(await push(await signSet(key, { subject: subject(), iat: now - 600, exp: now - 300 })), 400, 'invalid_request');
        await refusedWith(
          await push(await signSet(key, { subject: subject(), iat: now - SET_MAX_AGE_SECONDS - 600 })),
          400,
          'invalid_request',
        );
      });

      it('a replayed SET (its jti from this issuer was received before), on either server', async () => {
        const other = await app.createUser();
        const set = await signSet(key, { subject: { format: 'email', email: other.email } });
        expect((await push(set)).status).toBe(202);
        await refusedWith(await push(set), 400, 'invalid_request');
        const again = await otherServer
          .browser()
          .fetch('/api/ssf/events', { method: 'POST', headers: { 'content-type': SET_CONTENT_TYPE }, body: set });
        await refusedWith(again, 400, 'invalid_request');
      });

      it('a SET from an issuer it does not trust, even one signed with a trusted key', async () => {
        await refusedWith(await push(await signSet(key, { subject: subject(), iss: 'https://evil.example.com' })), 400, 'invalid_issuer');
      });

      it('a SET meant for another audience', async () => {
        await refusedWith(
          await push(await signSet(key, { subject: subject(), aud: 'https://other-app.example.com' })),
          400,
          'invalid_audience',
        );
      });

      it('a JWT that is not a SET (typ), a body that is not a JWS, the wrong media type and an oversized body', async () => {
        await refusedWith(await push(await signSet(key, { subject: subject(), typ: 'JWT' })), 400, 'invalid_request');
        await refusedWith(await push('not a token'), 400, 'invalid_request');
        await refusedWith(
          await push(await signSet(key, { subject: subject() }), { 'content-type': 'application/json' }),
          400,
          'invalid_request',
        );
        const huge = await push('a'.repeat(MAX_SET_BYTES + 1));
        expect(huge.headers.get('connection')).toBe('close');
        await refusedWith(huge, 413, 'invalid_request');
      });

      it('a push without the bearer token its issuer is configured with: 401', async () => {
        const set = await signSet(key, { iss: TOKEN_ISSUER, subject: subject() });
        await refusedWith(await push(set), 401, 'authentication_failed');
        await refusedWith(await push(set, { authorization: 'Bearer wrong-token-0123456789abc' }), 401, 'authentication_failed');
      });

      it('GET and any method but POST: 405', async () => {
        const response = await app.browser().fetch('/api/ssf/events');
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('POST');
      });

      it('counts every refusal by its error code in the metrics', async () => {
        const metrics = await (await app.browser().fetch('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
        for (const result of ['accepted', 'invalid_key', 'invalid_request', 'invalid_issuer', 'invalid_audience', 'authentication_failed'])
          expect(metrics).toMatch(new RegExp(`^viewas_ssf_received_total\\{result="${result}"\\} [1-9]`, 'm'));
      });
    });

    it('locks out an address after too many refused SETs (429), while it still answers others', async () => {
      // Its own address (behind one trusted proxy): the refusals above came from the test's loopback address.
      const limited = await startTestApp({
        database,
        clock,
        trustedProxies: 1,
        signalIssuers: [{ issuer: ISSUER, jwksUri: jwks.url }],
        signalRefusalLimit: { maxFailures: 2, windowMs: 60_000, lockMs: 60_000 },
      });
      try {
        const post = (body: string) =>
          limited.browser().fetch('/api/ssf/events', {
            method: 'POST',
            headers: { 'content-type': SET_CONTENT_TYPE, 'x-forwarded-for': '198.51.100.7' },
            body,
          });
        await refusedWith(await post('junk'), 400, 'invalid_request');
        await refusedWith(await post('junk'), 400, 'invalid_request');
        const locked = await post(await signSet(key, { subject: { format: 'email', email: 'nobody@example.com' } }));
        expect(locked.status).toBe(429);
        expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await limited.close();
      }
    }, 30_000);
  });
}

it('refuses an endpoint nobody configured: 404 without SSF_ISSUERS', async () => {
  const database = await createTestDatabase('pglite');
  const app = await startTestApp({ database });
  try {
    expect(
      (await app.browser().fetch('/api/ssf/events', { method: 'POST', headers: { 'content-type': SET_CONTENT_TYPE }, body: 'x' })).status,
    ).toBe(404);
    expect((await app.browser().fetch('/.well-known/ssf-configuration')).status).toBe(404);
  } finally {
    await app.close();
    await database.close();
  }
}, 180_000);
