// `npm test`'s set-up: looks at the machine, asks provision-plan.mjs what to do, and does it (Debian's
// chromium and nginx-light, PostgreSQL started, TEST_DATABASE_URL defaulted), one announced line per step.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { locateNginx } from '../production-server/nginx.mjs';
import { locateChromium } from './chromium.mjs';
import { planProvisioning } from './provision-plan.mjs';

const POSTGRES_HOST = '127.0.0.1';
const POSTGRES_PORT = 5432;
// A cluster that was just started takes a few seconds to accept connections.
const POSTGRES_START_WAIT_MS = 30_000;

const onPath = (env, command) => (env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));

function privilegeOf(env) {
  if (process.getuid?.() === 0) return 'root';
  if (!onPath(env, 'sudo')) return 'none';
  // -n: never ask for a password; a sudo that would ask counts as none.
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 2_000 }).status === 0 ? 'sudo' : 'none';
}

/** The newest Debian cluster (`/etc/postgresql/<version>/main`) pg_ctlcluster can start, or null. */
function installedPostgres(env) {
  if (!onPath(env, 'pg_ctlcluster') || !existsSync('/etc/postgresql')) return null;
  const versions = readdirSync('/etc/postgresql').filter((version) => existsSync(path.join('/etc/postgresql', version, 'main')));
  return versions.sort((a, b) => Number(b) - Number(a))[0] ?? null;
}

function answers(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function answersWithin(host, port, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await answers(host, port)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What provision-plan.mjs decides from: every look takes well under a second. */
export async function gatherFacts(env = process.env) {
  return {
    chromium: locateChromium(env),
    nginx: locateNginx(env),
    privilege: privilegeOf(env),
    apt: onPath(env, 'apt-get'),
    postgres: { answering: await answers(POSTGRES_HOST, POSTGRES_PORT), version: installedPostgres(env) },
    testDatabaseUrl: env.TEST_DATABASE_URL || undefined,
  };
}

/** Runs a command quietly: its output is shown only when it fails. */
function quietly([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ ok: false, output: error.message }));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(output).toString('utf8') }));
  });
}

const lastLine = (text) => text.trim().split('\n').at(-1) ?? '';

async function install(action, env) {
  // A fresh machine's package lists may be missing or stale: update them only when the install needs it.
  let result = await quietly(action.argv);
  if (!result.ok) result = (await quietly(action.updateArgv)).ok ? await quietly(action.argv) : result;
  if (!result.ok)
    return `npm test: ${action.argv.join(' ')} failed (${lastLine(result.output)}): run it yourself to see why, then npm test again`;
  if (action.packages.includes('chromium') && !locateChromium(env).path)
    return 'npm test: chromium was installed but not found: set CHROMIUM_PATH to its binary';
  if (action.packages.includes('nginx-light') && !locateNginx(env))
    return 'npm test: nginx-light was installed but not found: set NGINX_PATH to its binary';
  return undefined;
}

/**
 * Prepares the machine for `npm test`, announcing each step on one line (`log`). Answers `{ stop }`, the
 * one line saying what to run, when it cannot; sets TEST_DATABASE_URL in `env` when it defaults it.
 */
export async function provision({ env = process.env, log = console.log, facts } = {}) {
  const plan = planProvisioning(facts ?? (await gatherFacts(env)));
  if (plan.stop) return { stop: plan.stop };
  let started = false;
  for (const action of plan.actions) {
    log(`npm test: ${action.say}`);
    if (action.kind === 'install') {
      const stop = await install(action, env);
      if (stop) return { stop };
    } else if (action.kind === 'start-postgres') {
      const result = await quietly(action.argv);
      if (!result.ok) log(`npm test: PostgreSQL did not start (${lastLine(result.output)}): the PostgreSQL tests are skipped`);
      started = result.ok;
    } else if (action.kind === 'use-database') {
      if (await answersWithin(POSTGRES_HOST, POSTGRES_PORT, started ? POSTGRES_START_WAIT_MS : 0)) env.TEST_DATABASE_URL = action.url;
      else log(`npm test: nothing answers on ${POSTGRES_HOST}:${POSTGRES_PORT}: the PostgreSQL tests are skipped`);
    }
  }
  return {};
}
