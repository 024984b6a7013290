// What `npm test` does to the machine before its first step, decided from what it found: a pure
// function, so every case (no browser as root, without sudo, no apt-get, PostgreSQL stopped, ...) is a
// unit test (tools/src/provision-plan.spec.ts), and tools/scripts/provision.mjs only looks and runs.

/** Where the tests look for PostgreSQL when TEST_DATABASE_URL is unset (Debian's default cluster, trust on loopback). */
export const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * @typedef {object} Facts
 * @property {{ path?: string, badEnvPath?: string }} chromium what `locateChromium` (chromium.mjs) answered
 * @property {string | undefined} nginx what `locateNginx` (@viewas/production-server/nginx) answered
 * @property {'root' | 'sudo' | 'none'} privilege root, passwordless sudo (`sudo -n true` succeeded), or neither
 * @property {boolean} apt apt-get is on the PATH (Debian, Ubuntu)
 * @property {{ answering: boolean, version: string | null }} postgres whether a server answers on
 *   127.0.0.1:5432; the newest Debian cluster installed (`/etc/postgresql/<version>/main`), or null
 * @property {string | undefined} testDatabaseUrl TEST_DATABASE_URL as set by the caller
 */

/**
 * @typedef {{ kind: 'install', say: string, packages: string[], argv: string[], updateArgv: string[] }
 *   | { kind: 'start-postgres', say: string, version: string, argv: string[] }
 *   | { kind: 'use-database', say: string, url: string }
 *   | { kind: 'note', say: string }} Action
 */

const asAdmin = (privilege, argv) => (privilege === 'sudo' ? ['sudo', '-n', ...argv] : argv);
const apt = (privilege, ...args) => asAdmin(privilege, ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]);

/** What the database tests will get: a URL the caller gave, the local server (running or to be started), or none. */
function planDatabase({ privilege, postgres, testDatabaseUrl }) {
  if (testDatabaseUrl) return { available: true, actions: [] };
  const use = {
    kind: 'use-database',
    say: `TEST_DATABASE_URL is unset and PostgreSQL answers on 127.0.0.1:5432: the PostgreSQL tests use ${LOCAL_DATABASE_URL}`,
    url: LOCAL_DATABASE_URL,
  };
  if (postgres.answering) return { available: true, actions: [use] };
  if (!postgres.version) {
    const say =
      'PostgreSQL is not installed: the PostgreSQL tests and the cluster test are skipped (to run them: install PostgreSQL and set TEST_DATABASE_URL)';
    return { available: false, actions: [{ kind: 'note', say }] };
  }
  const argv = asAdmin(privilege, ['pg_ctlcluster', '--skip-systemctl-redirect', postgres.version, 'main', 'start']);
  if (privilege === 'none') {
    const say = `PostgreSQL ${postgres.version} is installed but stopped, and starting it needs root: the PostgreSQL tests and the cluster test are skipped (to run them: sudo ${argv.join(' ')})`;
    return { available: false, actions: [{ kind: 'note', say }] };
  }
  const start = {
    kind: 'start-postgres',
    say: `starting PostgreSQL ${postgres.version} (${argv.join(' ')})`,
    version: postgres.version,
    argv,
  };
  return { available: true, actions: [start, use] };
}

/** The one line that says what to run when npm test may not install what is missing itself. */
function whatToRun({ apt: hasApt }, packages) {
  const needs = packages.map((name) => (name === 'chromium' ? 'Chromium (the browser tests)' : 'nginx (the cluster test)')).join(' and ');
  if (hasApt) {
    return `npm test needs ${needs} and may not install them (not root, no passwordless sudo): run \`sudo apt-get install -y --no-install-recommends ${packages.join(' ')}\`, then npm test again`;
  }
  const steps = packages.map((name) =>
    name === 'chromium'
      ? '`npx playwright install chromium` (or set CHROMIUM_PATH)'
      : 'install nginx (NGINX_PATH if it is not in /usr/sbin)',
  );
  return `npm test needs ${needs} and there is no apt-get here: ${steps.join(' and ')}, then npm test again`;
}

/**
 * What to do before the tests: `{ actions }` to run in order (each announced by its `say`), or `{ stop }`,
 * one line saying what to run, when npm test cannot go on. Nothing is run here.
 * @param {Facts} facts
 * @returns {{ actions: Action[], stop?: undefined } | { stop: string, actions?: undefined }}
 */
export function planProvisioning(facts) {
  const { chromium, nginx, privilege } = facts;
  if (chromium.badEnvPath) {
    return {
      stop: `npm test: CHROMIUM_PATH is set to ${chromium.badEnvPath}, but no file is there: run \`unset CHROMIUM_PATH\` (npm test then finds or installs Chromium) or point it at a Chromium binary`,
    };
  }
  const database = planDatabase(facts);
  const missing = [];
  if (!chromium.path) missing.push('chromium');
  // Only the cluster test runs nginx, and it runs only with a database.
  if (!nginx && database.available) missing.push('nginx-light');
  if (missing.length === 0) return { actions: database.actions };
  if (!facts.apt || privilege === 'none') return { stop: whatToRun(facts, missing) };
  const install = {
    kind: 'install',
    say: `installing Debian's ${missing.join(' and ')} (${privilege === 'sudo' ? 'sudo ' : ''}apt-get install -y --no-install-recommends ${missing.join(' ')})`,
    packages: missing,
    argv: apt(privilege, 'install', '-y', '--no-install-recommends', ...missing),
    updateArgv: apt(privilege, 'update'),
  };
  return { actions: [install, ...database.actions] };
}
