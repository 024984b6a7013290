import type { NewLedgerEvent } from '@viewas/impersonation-core';
import { MIN_WEBHOOK_SECRET_LENGTH } from '@viewas/impersonation-core/testing';
import { generateNoteKey, openNote, parseCheckpoint, parseSignerKey, parseVerifierKey } from '@viewas/impersonation-core/checkpoints';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../testing/server/test-app';
import { createPgliteTestDatabase, type TestDatabase } from '../../../testing/server/test-database';
import { startWebhookReceiver } from '../../../testing/server/webhook-receiver';

const KEY = generateNoteKey('app.viewas.test/viewas-ledger');
const SECRET = 'w'.repeat(MIN_WEBHOOK_SECRET_LENGTH) + '-checkpoints';

const event = (index: number): NewLedgerEvent => ({
  at: new Date(),
  type: 'impersonation.denied',
  actor: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
  target: null,
  impersonationId: null,
  reason: `Ticket ${index}`,
  ip: '203.0.113.9',
  userAgent: 'jest',
  detail: { index },
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Signed ledger checkpoints over real HTTP (docs/ledger.md, "Signed checkpoints").
describe('the ledger checkpoint endpoints', () => {
  let database: TestDatabase;
  let app: TestApp;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    receiver = await startWebhookReceiver(SECRET);
    app = await startTestApp({
      database,
      checkpointSigner: parseSignerKey(KEY.signerKey),
      webhooks: { url: receiver.url, secret: SECRET },
      webhookPollMs: 50,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await database?.close();
  });

  it('answers 404 before any checkpoint is signed, and serves the verifier key meanwhile', async () => {
    const none = await app.browser().fetch('/api/ledger/checkpoint');
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ success: false, error: { code: 'not_found', message: 'No checkpoint has been signed yet' } });

    const key = await app.browser().fetch('/api/ledger/checkpoint/key');
    expect(key.status).toBe(200);
    expect(key.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await key.text()).toBe(`${KEY.verifierKey}\n`);
  });

  it('serves the latest signed note as text/plain, verifiable with the published verifier key and with the JWKS', async () => {
    const { storage } = app;
    for (let index = 0; index < 120; index += 1) await storage.ledger.append(event(index));
    const [made] = await app.services.checkpoints!.checkpointIfDue();

    const response = await app.browser().fetch('/api/ledger/checkpoint');
    const note = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(note).toBe(made?.note);
    const opened = openNote(note, parseVerifierKey(await (await app.browser().fetch('/api/ledger/checkpoint/key')).text()));
    expect(opened.ok && parseCheckpoint(opened.text)).toEqual({ origin: 'app.viewas.test/viewas-ledger', size: 100, hash: made?.hash });

    // An independent check from the JWKS alone: Node's Ed25519 over the note's text, no code of ours.
    const jwks = await app.browser().fetch('/.well-known/jwks.json');
    expect(jwks.headers.get('content-type')).toBe('application/jwk-set+json');
    const { keys } = (await jwks.json()) as { keys: Record<string, string>[] };
    expect(keys).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: expect.any(String), alg: 'EdDSA', use: 'sig' }]);
    const [text, signatureLine] = note.split('\n\n');
    const signature = Buffer.from(signatureLine!.trim().split(' ')[2]!, 'base64');
    const publicKey = createPublicKey({ key: keys[0]!, format: 'jwk' });
    expect(verify(null, Buffer.from(`${text}\n`), publicKey, signature.subarray(4))).toBe(true);
    // The key hash in the signature is C2SP's: SHA-256 of the name, a newline, 0x01 and the public key.
    const raw = Buffer.from(keys[0]!['x']!, 'base64url');
    const keyHash = createHash('sha256')
      .update(Buffer.concat([Buffer.from('app.viewas.test/viewas-ledger\n'), Buffer.from([1]), raw]))
      .digest()
      .subarray(0, 4);
    expect(signature.subarray(0, 4)).toEqual(keyHash);
  }, 60_000);

  it('delivers each checkpoint through the webhook outbox as a ledger.checkpoint row carrying the note, and reports where it went', async () => {
    const latest = await app.services.checkpoints!.latest();

    await until(() => receiver.accepted.has(latest!.eventId), 10_000, 'the checkpoint delivery');

    const delivered = receiver.received.find((received) => received.eventId === latest!.eventId);
    expect(delivered?.body).toMatchObject({ type: 'ledger.checkpoint', detail: { size: 100, hash: latest!.hash, note: latest!.note } });
    // The worker records the delivery once the receiver has answered.
    await until(async () => (await app.services.checkpoints!.summary())?.delivery?.status === 'delivered', 10_000, 'the recorded delivery');
    expect(await app.services.checkpoints!.summary()).toMatchObject({
      size: 100,
      eventId: latest!.eventId,
      delivery: { status: 'delivered', lastError: null },
    });
  }, 30_000);

  it.each(['POST', 'DELETE'])('refuses %s with 405 and an Allow header', async (method) => {
    const response = await app.browser().fetch('/api/ledger/checkpoint', { method, headers: { origin: 'http://app.viewas.test' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({ success: false, error: { code: 'method_not_allowed', message: 'Use GET' } });
  });

  it('answers 404 for any other path under /api/ledger', async () => {
    const response = await app.browser().fetch('/api/ledger/checkpoints');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });
});

describe('the ledger checkpoint endpoints with checkpoints off', () => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    app = await startTestApp({ database });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 404 with the reason for the note and the key, and an empty JWKS', async () => {
    for (const path of ['/api/ledger/checkpoint', '/api/ledger/checkpoint/key']) {
      const response = await app.browser().fetch(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        success: false,
        error: { code: 'not_found', message: 'Ledger checkpoints are off on this server (no LEDGER_CHECKPOINT_KEY)' },
      });
    }
    expect(await (await app.browser().fetch('/.well-known/jwks.json')).json()).toEqual({ keys: [] });
  });
});
