import { newDataDir, productionBuild, startProductionServer, type ProductionServer } from '../../../testing/server/production-server';
import { chunkedExchange, rawExchange, signedInDemo as signedIn } from '../../../testing/server/raw-http';

if (!productionBuild())
  throw new Error('No production build of apps/web: run `npx nx run web:build` first (the web:test-production target does).');

// The cycle's bodies on either side of the routes' limits (the admin API's 16 KiB, next-auth's 64 KiB),
// with a length and chunked: each route counts the bytes, whatever the framing says.
const CASES = [
  'start: a JSON body of exactly 16 KiB',
  'start: a JSON body one byte over 16 KiB',
  'start: a chunked body within the limit',
  'start: a chunked body over the limit',
  'start: an empty body',
  'impersonate callback: a form of 20 KiB (within next-auth 64 KiB)',
  'impersonate callback: a chunked form over 64 KiB',
  'return: an empty body',
] as const;
type Case = (typeof CASES)[number];

async function playBodies(server: ProductionServer): Promise<Map<Case, string>> {
  const answers = new Map<Case, string>();
  const { port, url } = server;
  const admin = await signedIn(server, 'admin@example.com');
  const csrfToken = await admin.csrfToken();
  const json = { origin: url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', cookie: admin.cookieHeader() };
  const form = { cookie: admin.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' };
  // A start for an unknown user, padded to `bytes`: the route reads it, then refuses it.
  const padded = (bytes: number) => {
    const bare = JSON.stringify({ userId: 'no-such-user', reason: 'Comparing the body paths', pad: '' });
    return JSON.stringify({ userId: 'no-such-user', reason: 'Comparing the body paths', pad: 'x'.repeat(bytes - bare.length) });
  };
  const callbackForm = (bytes: number) => {
    const bare = new URLSearchParams({ csrfToken, callbackUrl: url, json: 'true', impersonationId: 'no-such-impersonation', pad: '' });
    bare.set('pad', 'x'.repeat(bytes - bare.toString().length));
    return bare.toString();
  };

  answers.set('start: a JSON body of exactly 16 KiB', await rawExchange(port, 'POST', '/api/admin/impersonate', json, padded(16 * 1024)));
  answers.set(
    'start: a JSON body one byte over 16 KiB',
    await rawExchange(port, 'POST', '/api/admin/impersonate', json, padded(16 * 1024 + 1)),
  );
  answers.set('start: a chunked body within the limit', await chunkedExchange(port, '/api/admin/impersonate', json, padded(10_000)));
  answers.set('start: a chunked body over the limit', await chunkedExchange(port, '/api/admin/impersonate', json, padded(40_000)));
  answers.set('start: an empty body', await rawExchange(port, 'POST', '/api/admin/impersonate', json, ''));
  answers.set(
    'impersonate callback: a form of 20 KiB (within next-auth 64 KiB)',
    await rawExchange(port, 'POST', '/api/auth/callback/impersonate', form, callbackForm(20 * 1024)),
  );
  answers.set(
    'impersonate callback: a chunked form over 64 KiB',
    await chunkedExchange(port, '/api/auth/callback/impersonate', form, callbackForm(70 * 1024)),
  );
  answers.set('return: an empty body', await rawExchange(port, 'POST', '/api/admin/return-to-admin', json, ''));
  return answers;
}

describe('request bodies through Next (server.mjs): limits counted on the bytes, however framed', () => {
  let played: Map<Case, string>;

  beforeAll(async () => {
    const server = await startProductionServer({ dataDir: newDataDir() });
    try {
      played = await playBodies(server);
    } finally {
      await server.stop();
    }
  }, 300_000);

  const status = (name: Case) => Number(/^HTTP\/1\.1 (\d{3})/.exec(played.get(name) ?? '')?.[1]);

  it('refuses the bodies over the limits, however they are framed', () => {
    expect(status('start: a JSON body one byte over 16 KiB')).toBe(413);
    expect(status('start: a chunked body over the limit')).toBe(413);
    expect(status('impersonate callback: a chunked form over 64 KiB')).toBe(413);
    expect(status('start: a JSON body of exactly 16 KiB')).not.toBe(413);
    expect(status('start: a chunked body within the limit')).not.toBe(413);
    expect(status('impersonate callback: a form of 20 KiB (within next-auth 64 KiB)')).not.toBe(413);
  });
});
