import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SESSION_SECRET_FILE } from '../config/session-secret';
import { newDataDir, productionBuild, startProductionServer, type ProductionServer } from '../../../testing/server/production-server';
import { TestBrowser } from '../../../testing/server/test-browser';

if (!productionBuild())
  throw new Error('No production build of apps/web: run `npx nx run web:build` first (the web:test-production target does).');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the process has printed something matching `pattern` on standard error. */
async function printed(server: ProductionServer, pattern: RegExp): Promise<RegExpMatchArray> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const match = server.stderr().match(pattern);
    if (match) return match;
    await sleep(100);
  }
  throw new Error(`never printed ${pattern}:\n${server.output()}`);
}

/** The JSON log lines on standard output (Next.js prints a line of its own there at start). */
const jsonLines = (server: ProductionServer) =>
  server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string });

describe('the first start of the production server', () => {
  const servers: ProductionServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });
  const start = async (dataDir: string, env: Record<string, string>) => {
    const server = await startProductionServer({ dataDir, env });
    servers.push(server);
    return server;
  };

  it("prints npm start's demo accounts and generated password in a plain-text banner on standard error, never in the JSON log", async () => {
    // What `npm start` asks for: DEMO_SEED=true (DEMO_PASSWORD empty: generated).
    const server = await start(newDataDir(), { DEMO_SEED: 'true', DEMO_PASSWORD: '' });
    const [, password = ''] = await printed(server, /Password for all of them: (\S+)/);
    const banner = server.stderr();
    expect(banner).toContain(`Viewas is running at ${server.url}`);
    for (const email of ['admin@example.com', 'admin2@example.com', 'support@example.com', 'user@example.com', 'disabled@example.com'])
      expect(banner).toContain(email);
    expect(banner).toContain('A deployment (node apps/web/server.mjs) never creates demo accounts.');

    expect(server.stdout()).not.toContain(password);
    expect(
      server
        .stderr()
        .split('\n')
        .some((line) => line.startsWith('{')),
    ).toBe(false);
    expect(jsonLines(server).map((line) => line.msg)).toContain(
      'demo accounts created on the empty embedded database (DEMO_SEED=true); their password is in the start-up banner, not in the log',
    );
    expect(await new TestBrowser(server.url, server.url).signIn('credentials', { email: 'admin@example.com', password })).toMatchObject({
      ok: true,
    });
  }, 180_000);

  it('seeds nothing for a deployment on an empty database and prints a one-time setup link that creates the first administrator once', async () => {
    const dataDir = newDataDir();
    const server = await start(dataDir, { DEMO_SEED: 'false', DEMO_PASSWORD: 'must-never-be-used' });
    const [link = ''] = await printed(server, /http:\/\/\S+\/setup\?token=[A-Za-z0-9_-]{43}/);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(server.stderr()).toContain('Viewas has no account yet. To create the first administrator, open this one-time link');
    expect(server.stdout()).not.toContain(token);
    expect(jsonLines(server).map((line) => line.msg)).toContain('no account yet: a one-time setup link was printed to the terminal');

    const browser = new TestBrowser(server.url, server.url);
    expect(await browser.signIn('credentials', { email: 'admin@example.com', password: 'must-never-be-used' })).toMatchObject({
      ok: false,
    });

    const page = await browser.fetch(`/setup?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    const html = await page.text();
    expect(html).toContain('First administrator');
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');

    const created = await browser.api<{ success: boolean; data: { email: string } }>('POST', '/api/setup', {
      token,
      email: 'owner@example.com',
      password: 'the owner passphrase',
      confirmPassword: 'the owner passphrase',
    });
    expect(created).toMatchObject({ status: 201, body: { success: true, data: { email: 'owner@example.com' } } });
    expect(await browser.signIn('credentials', { email: 'owner@example.com', password: 'the owner passphrase' })).toMatchObject({
      ok: true,
    });
    expect(
      await browser.api('POST', '/api/setup', {
        token,
        email: 'second@example.com',
        password: 'the owner passphrase',
        confirmPassword: 'the owner passphrase',
      }),
    ).toMatchObject({ status: 410 });
    expect(await (await browser.fetch(`/setup?token=${token}`)).text()).toContain('This setup link does not work');

    // DATA_DIR and the secret in it are the app's alone.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dataDir, SESSION_SECRET_FILE), 'utf8').length).toBeGreaterThanOrEqual(32);
  }, 180_000);

  it.each([
    [
      'AUTH_TRUST_HOST',
      { AUTH_TRUST_HOST: 'true' },
      /AUTH_TRUST_HOST: must not be set: it makes next-auth trust the X-Forwarded-Host a client sends/,
    ],
    ['VERCEL', { VERCEL: '1' }, /VERCEL: must not be set/],
    ['no NEXTAUTH_URL', { NEXTAUTH_URL: '' }, /NEXTAUTH_URL: required in production/],
  ])(
    'refuses to start with %s, saying why',
    async (_case, env, message) => {
      const server = await startProductionServer({ dataDir: newDataDir(), env, waitFor: 'exit' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(message);
    },
    120_000,
  );
});
