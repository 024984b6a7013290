// The server half's host: a Next.js + next-auth v4 app created outside the workspace from ../server-app,
// installing @viewas/* from the local registry, on a PostgreSQL database of its own.
import { randomBytes } from 'node:crypto';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { runCommand, startService } from './processes.mjs';

export const THIRD_PARTY = {
  next: '16.4.5',
  'next-auth': '4.24.15',
  react: '19.3.1',
  'react-dom': '19.3.1',
  'styled-components': '6.6.0',
  '@floating-ui/react': '0.27.20',
  'react-hot-toast': '2.6.1',
  'drizzle-orm': '0.45.4',
  pg: '8.23.1',
};
export const SERVER_LIBS = ['impersonation-core', 'admin-api', 'session-client', 'impersonation-banner', 'theme'];
export const ADMIN = { email: 'admin@consumer.test', role: 'admin', password: 'consumer-admin-password' };
export const USER = { email: 'user@consumer.test', role: 'user', password: 'consumer-user-password' };

/** A fresh database next to TEST_DATABASE_URL's, so nothing clashes with other tests; `drop()` removes it. */
export async function createDatabase(adminUrl) {
  const name = `viewas_consumer_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async query(sql) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

const version = async (libDir) => JSON.parse(await readFile(join(libDir, 'package.json'), 'utf8')).version;

/**
 * Copies the template to `appDir` (then `overlayDir`'s files over it: another host that shares the rest) and
 * installs it from the local registry.
 */
export async function createServerApp({
  templateDir,
  overlayDir,
  appDir,
  libs,
  registry,
  thirdParty = THIRD_PARTY,
  installTimeoutMs = 300_000,
}) {
  await cp(templateDir, appDir, { recursive: true });
  if (overlayDir) await cp(overlayDir, appDir, { recursive: true, force: true });
  const ours = Object.fromEntries(await Promise.all(Object.entries(libs).map(async ([name, dir]) => [name, await version(dir)])));
  const manifest = { name: 'viewas-server-consumer', private: true, type: 'module', dependencies: { ...ours, ...thirdParty } };
  await writeFile(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await runCommand('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--userconfig', registry.npmrc], {
    cwd: appDir,
    timeoutMs: installTimeoutMs,
  });
}

const quiet = { NEXT_TELEMETRY_DISABLED: '1' };

/** The host's own scripts: the core's migrations, then an admin and a user. */
export async function prepareDatabase(appDir, databaseUrl) {
  const env = { DATABASE_URL: databaseUrl };
  await runCommand(process.execPath, ['scripts/migrate.js'], { cwd: appDir, env, timeoutMs: 60_000 });
  for (const account of [ADMIN, USER]) {
    await runCommand(process.execPath, ['scripts/seed.js', account.email, account.role, account.password], {
      cwd: appDir,
      env,
      timeoutMs: 30_000,
    });
  }
}

export function buildServerApp(appDir) {
  return runCommand(process.execPath, [join(appDir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: appDir,
    env: quiet,
    timeoutMs: 300_000,
  });
}

/** next-auth v4's environment; Auth.js v5 reads `AUTH_URL` and `AUTH_SECRET`. */
const nextAuthEnv = (origin, secret) => ({ NEXTAUTH_URL: origin, NEXTAUTH_SECRET: secret });

/** `next start` on `port`; resolves once it answers the auth library's CSRF endpoint. */
export async function startServerApp({ appDir, port, databaseUrl, authEnv = nextAuthEnv }) {
  const origin = `http://127.0.0.1:${port}`;
  const service = startService(
    process.execPath,
    [join(appDir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: appDir,
      env: { ...quiet, DATABASE_URL: databaseUrl, ...authEnv(origin, randomBytes(32).toString('base64url')) },
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (service.child.exitCode !== null) throw new Error(`next start exited early:\n${service.output()}`);
    const up = await fetch(`${origin}/api/auth/csrf`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { origin, output: service.output, stop: service.stop };
    if (Date.now() > deadline) throw new Error(`next start did not answer within 60 s:\n${service.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
