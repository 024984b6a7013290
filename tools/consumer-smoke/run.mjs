// `node tools/consumer-smoke/run.mjs`: the four @viewas packages as a consumer gets them.
// 1. publish the libraries with the release step (`npm run release -- publish`: builds, then
//    npm publish) to a throwaway verdaccio on 127.0.0.1;
// 2. install them into a Vite + React app created in a temp directory outside the workspace;
// 3. render the banner on the server with renderToString (plain Node ESM);
// 4. build the app, serve it with a stub server, and return to admin in Chromium;
// 5. the server half (needs TEST_DATABASE_URL, skipped with a warning without it): a Next.js + next-auth
//    host (server-app/) installs @viewas/impersonation-core and the others, applies the core's migrations
//    to a database of its own, and in Chromium an admin views a user with a reason and returns;
// 6. the Better Auth host (needs TEST_DATABASE_URL too): Hono + Better Auth with the viewas plugin and the
//    Fetch admin API (better-auth-host/), where the admin views a user read-only, is refused a write, returns.
// 7. the Auth.js v5 host (needs TEST_DATABASE_URL too): server-app/ with authjs-app/'s files over it, on
//    next-auth@5 and the core's viewasAuthJs: the same walk, a write refused by its proxy, then the database.
// SMOKE_HOSTS=vite,next-auth,better-auth,authjs (any of them, comma-separated) runs only those; all by default.
// Every process, temp directory and database is removed on the way out, whatever happens.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { driveReturnToAdmin } from './lib/browser-flow.mjs';
import { buildConsumerApp, createConsumerApp, renderOnServer } from './lib/consumer-app.mjs';
import { killAll } from './lib/processes.mjs';
import { freePort, publishPackages, startRegistry } from './lib/registry.mjs';
import { driveBetterAuthHost } from './lib/better-auth-flow.mjs';
import { BETTER_AUTH_HOST_LIBS, checkBetterAuthDatabase, createBetterAuthHost, startBetterAuthHost } from './lib/better-auth-host.mjs';
import { buildServerApp, createDatabase, createServerApp, prepareDatabase, SERVER_LIBS, startServerApp } from './lib/server-app.mjs';
import { driveViewAndReturn, VIEW_REASON } from './lib/server-flow.mjs';
import { authjsHost } from './lib/authjs-host.mjs';
import { startStubServer } from './lib/stub-server.mjs';

// Three server hosts, each with an install and a build, on 2 shared cores: a ceiling, not the expected time.
const RUN_TIMEOUT_MS = 30 * 60_000;
const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const templateDir = fileURLToPath(new URL('./app', import.meta.url));
const serverTemplateDir = fileURLToPath(new URL('./server-app', import.meta.url));
const betterAuthTemplateDir = fileURLToPath(new URL('./better-auth-host', import.meta.url));
const authjsOverlayDir = fileURLToPath(new URL('./authjs-app', import.meta.url));
const HOSTS = ['vite', 'next-auth', 'better-auth', 'authjs'];
const hosts = (process.env.SMOKE_HOSTS ?? HOSTS.join(','))
  .split(',')
  .map((host) => host.trim())
  .filter(Boolean);
const unknownHosts = hosts.filter((host) => !HOSTS.includes(host));
if (unknownHosts.length || !hosts.length) {
  console.error(`SMOKE_HOSTS names ${unknownHosts.join(', ') || 'no host'}; the hosts are ${HOSTS.join(', ')}`);
  process.exit(2);
}
const LIBS = ['theme', 'session-client', 'admin-api', 'impersonation-banner'];
const PUBLISHED = [...new Set([...LIBS, ...SERVER_LIBS, ...BETTER_AUTH_HOST_LIBS])];
const libDir = (name) => join(workspaceRoot, 'libs', name);

const cleanups = [];
let cleaning;
let interrupted = false;
function cleanUp() {
  cleaning ??= (async () => {
    killAll();
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(`cleanup: ${error.message}`));
  })();
  return cleaning;
}

const timings = [];
async function step(title, work) {
  console.log(`▶ ${title}`);
  const started = Date.now();
  const result = await work();
  timings.push({ step: title, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return result;
}

async function main() {
  const missing = PUBLISHED.filter((name) => !existsSync(join(libDir(name), 'dist')));
  if (missing.length) {
    throw new Error(`No dist/ for ${missing.join(', ')}. Build first: npx nx run-many -t build --projects=tag:type:lib`);
  }
  const tempDir = await mkdtemp(join(tmpdir(), 'viewas-consumer-smoke-'));
  cleanups.push(() => rm(tempDir, { recursive: true, force: true }));

  const registry = await step('start verdaccio on 127.0.0.1', () => startRegistry({ workspaceRoot, tempDir }));
  cleanups.push(async () => registry.stop());
  await step(`publish ${PUBLISHED.map((name) => `@viewas/${name}`).join(', ')}`, () =>
    publishPackages(registry, PUBLISHED, { workspaceRoot }),
  );

  if (hosts.includes('vite')) await viteApp({ tempDir, registry });
  if (hosts.includes('next-auth')) await serverHalf({ tempDir, registry });
  if (hosts.includes('better-auth')) await betterAuthHost({ tempDir, registry });
  if (hosts.includes('authjs')) await authjsHalf({ tempDir, registry });
}

/** The four client packages in a Vite app: server rendering, then the return in Chromium against a stub server. */
async function viteApp({ tempDir, registry }) {
  const appDir = join(tempDir, 'app');
  const libs = Object.fromEntries(LIBS.map((name) => [`@viewas/${name}`, libDir(name)]));
  await step('create the Vite app and npm install from the local registry', () =>
    createConsumerApp({ templateDir, appDir, libs, registry }),
  );

  await step('check the installed banner is a client module', async () => {
    const entry = await readFile(join(appDir, 'node_modules', '@viewas', 'impersonation-banner', 'dist', 'index.js'), 'utf8');
    assert.ok(entry.startsWith("'use client';"), "the banner's entry does not start with 'use client'");
  });

  await step('render the banner with renderToString in Node', async () => {
    const { impersonated, notImpersonated, styles } = await renderOnServer(appDir);
    assert.match(impersonated, /Admin Mode/, 'the server-rendered banner has no "Admin Mode" badge');
    assert.equal(notImpersonated, '', 'the banner rendered something for a user who is not impersonated');
    assert.match(styles, /position:fixed/, 'the badge styles were not collected on the server');
  });

  await step('vite build', () => buildConsumerApp(appDir));

  const stub = await startStubServer(join(appDir, 'dist'));
  cleanups.push(stub.close);
  const apiCalls = await step('return to admin in Chromium against the stub server', () => driveReturnToAdmin(stub));
  console.log(`  API calls: ${apiCalls.join(' → ')}`);
}

/** The Auth.js v5 host (next-auth@5 and the core's ./authjs), in its own temp directory and database. */
async function authjsHalf({ tempDir, registry }) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const skipped = 'SKIPPED: TEST_DATABASE_URL is not set (the Auth.js host needs PostgreSQL; CI sets it)';
    console.warn(`\n!!! consumer smoke test, Auth.js v5 host: ${skipped} !!!\n`);
    timings.push({ step: 'Auth.js v5 host (Next.js + next-auth@5 + viewasAuthJs)', seconds: skipped });
    return;
  }
  const lines = await authjsHost({
    tempDir,
    registry,
    libDir,
    step,
    cleanups,
    adminUrl,
    templateDir: serverTemplateDir,
    overlayDir: authjsOverlayDir,
  });
  for (const line of lines) console.log(`  ${line}`);
}

/** The Better Auth host on the published core, in its own temp directory and database. */
async function betterAuthHost({ tempDir, registry }) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const skipped = 'SKIPPED: TEST_DATABASE_URL is not set (the Better Auth host needs PostgreSQL; CI sets it)';
    console.warn(`\n!!! consumer smoke test, Better Auth host: ${skipped} !!!\n`);
    timings.push({ step: 'Better Auth host (Hono + Better Auth + viewas plugin)', seconds: skipped });
    return;
  }
  const database = await step('Better Auth host: a database of its own next to TEST_DATABASE_URL', () => createDatabase(adminUrl));
  cleanups.push(() => database.drop());
  const appDir = join(tempDir, 'better-auth-host');
  const libs = Object.fromEntries(BETTER_AUTH_HOST_LIBS.map((name) => [`@viewas/${name}`, libDir(name)]));
  await step('Better Auth host: npm install from the local registry, migrations, accounts, vite build', () =>
    createBetterAuthHost({ templateDir: betterAuthTemplateDir, appDir, libs, registry, databaseUrl: database.url }),
  );
  const server = await step('Better Auth host: node server.js', async () =>
    startBetterAuthHost({ appDir, port: await freePort(), databaseUrl: database.url }),
  );
  cleanups.push(async () => server.stop());
  const steps = await step("Better Auth host: view read-only with a reason, 'Admin Mode', a write refused, return (Chromium)", () =>
    driveBetterAuthHost({ origin: server.origin }).catch((error) => {
      console.error(`the Better Auth host's output:\n${server.output()}`);
      throw error;
    }),
  );
  for (const line of steps) console.log(`  ${line}`);
  console.log(`  database ${database.name}: ${await checkBetterAuthDatabase(database)}`);
}

/** The host app on the published core, in its own temp directory and database. */
async function serverHalf({ tempDir, registry }) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const skipped = 'SKIPPED: TEST_DATABASE_URL is not set (the host app needs PostgreSQL; CI sets it)';
    console.warn(`\n!!! consumer smoke test, server half: ${skipped} !!!\n`);
    timings.push({ step: 'server half (Next.js + next-auth host on the published core)', seconds: skipped });
    return;
  }
  const database = await step('create a database of its own next to TEST_DATABASE_URL', () => createDatabase(adminUrl));
  cleanups.push(() => database.drop());
  const appDir = join(tempDir, 'server-app');
  const libs = Object.fromEntries(SERVER_LIBS.map((name) => [`@viewas/${name}`, libDir(name)]));
  await step('create the Next.js + next-auth host and npm install from the local registry', () =>
    createServerApp({ templateDir: serverTemplateDir, appDir, libs, registry }),
  );
  await step("the host's scripts: the core's migrations, then an admin and a user", () => prepareDatabase(appDir, database.url));
  await step('next build (the host)', () => buildServerApp(appDir));
  const server = await step('next start', async () => startServerApp({ appDir, port: await freePort(), databaseUrl: database.url }));
  cleanups.push(async () => server.stop());
  const steps = await step("view as the user with a reason, see 'Admin Mode', return (Chromium)", () =>
    driveViewAndReturn({ origin: server.origin, screenshot: process.env.CONSUMER_SMOKE_SCREENSHOT }).catch((error) => {
      console.error(`the host's output:\n${server.output()}`);
      throw error;
    }),
  );
  for (const line of steps) console.log(`  ${line}`);
  const rows = await database.query('select reason, started_at is not null as taken_over, end_reason from impersonations');
  assert.deepEqual(
    rows,
    [{ reason: VIEW_REASON, taken_over: true, end_reason: 'returned' }],
    'the database does not hold one impersonation, taken over and returned',
  );
  console.log(`  database ${database.name}: one impersonation, taken over, ended by return`);
}

const watchdog = setTimeout(async () => {
  console.error(`\nconsumer smoke test: gave up after ${RUN_TIMEOUT_MS / 60_000} min`);
  await cleanUp();
  process.exit(1);
}, RUN_TIMEOUT_MS);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    interrupted = true;
    console.error(`\nconsumer smoke test: interrupted (${signal}), cleaning up`);
    await cleanUp();
    process.exit(130);
  });
}

const started = Date.now();
try {
  await main();
  console.table(timings);
  console.log(`consumer smoke test: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = 0;
} catch (error) {
  if (!interrupted) {
    console.table(timings);
    console.error(`\nconsumer smoke test failed: ${error.stack ?? error}`);
  }
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
