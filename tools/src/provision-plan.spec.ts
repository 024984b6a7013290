import { LOCAL_DATABASE_URL, planProvisioning } from '../scripts/provision-plan.mjs';

type Facts = Parameters<typeof planProvisioning>[0];

/** A Debian machine with everything installed and running, as root: each test takes something away. */
const ready: Facts = {
  chromium: { path: '/usr/lib/chromium/chromium' },
  nginx: '/usr/sbin/nginx',
  privilege: 'root',
  apt: true,
  postgres: { answering: true, version: '15' },
  testDatabaseUrl: 'postgres://postgres@db.example:5432/test',
};
const facts = (changes: Partial<Facts>): Facts => ({ ...ready, ...changes });
const kinds = (plan: ReturnType<typeof planProvisioning>) => plan.actions?.map((action) => action.kind);

describe('npm test provisioning (tools/scripts/provision-plan.mjs)', () => {
  it('does nothing when the browser, nginx and a database URL are all there', () => {
    expect(planProvisioning(ready)).toEqual({ actions: [] });
  });

  it('installs Debian chromium with apt-get itself when no browser is found as root', () => {
    const plan = planProvisioning(facts({ chromium: {} }));
    expect(plan.stop).toBeUndefined();
    expect(plan.actions).toEqual([
      {
        kind: 'install',
        say: "installing Debian's chromium (apt-get install -y --no-install-recommends chromium)",
        packages: ['chromium'],
        argv: ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '--no-install-recommends', 'chromium'],
        updateArgv: ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update'],
      },
    ]);
  });

  it('installs chromium and nginx-light through sudo -n when not root but sudo needs no password', () => {
    const [install] = planProvisioning(facts({ chromium: {}, nginx: undefined, privilege: 'sudo' })).actions ?? [];
    expect(install).toMatchObject({
      kind: 'install',
      packages: ['chromium', 'nginx-light'],
      argv: [
        'sudo',
        '-n',
        'env',
        'DEBIAN_FRONTEND=noninteractive',
        'apt-get',
        'install',
        '-y',
        '--no-install-recommends',
        'chromium',
        'nginx-light',
      ],
      updateArgv: ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update'],
    });
    expect(install?.say).toBe(
      "installing Debian's chromium and nginx-light (sudo apt-get install -y --no-install-recommends chromium nginx-light)",
    );
  });

  it('stops with the one apt-get command to run when no browser is found as a user without passwordless sudo', () => {
    const plan = planProvisioning(facts({ chromium: {}, nginx: undefined, privilege: 'none' }));
    expect(plan.actions).toBeUndefined();
    expect(plan.stop).toBe(
      'npm test needs Chromium (the browser tests) and nginx (the cluster test) and may not install them (not root, no passwordless sudo): ' +
        'run `sudo apt-get install -y --no-install-recommends chromium nginx-light`, then npm test again',
    );
    expect(plan.stop).not.toContain('\n');
  });

  it("stops with Playwright's installer to run when no browser is found on a machine without apt-get, even as root", () => {
    const plan = planProvisioning(facts({ chromium: {}, apt: false }));
    expect(plan.stop).toBe(
      'npm test needs Chromium (the browser tests) and there is no apt-get here: `npx playwright install chromium` (or set CHROMIUM_PATH), then npm test again',
    );
  });

  it('stops, naming the variable, when CHROMIUM_PATH points at no file, rather than installing a browser it would not use', () => {
    const plan = planProvisioning(facts({ chromium: { badEnvPath: '/nowhere/chromium' } }));
    expect(plan.stop).toBe(
      'npm test: CHROMIUM_PATH is set to /nowhere/chromium, but no file is there: run `unset CHROMIUM_PATH` (npm test then finds or installs Chromium) or point it at a Chromium binary',
    );
  });

  it('does not ask for nginx when no database is available, since the cluster test is then skipped', () => {
    const plan = planProvisioning(
      facts({ nginx: undefined, privilege: 'none', testDatabaseUrl: undefined, postgres: { answering: false, version: null } }),
    );
    expect(plan.stop).toBeUndefined();
    expect(plan.actions).toEqual([
      {
        kind: 'note',
        say: 'PostgreSQL is not installed: the PostgreSQL tests and the cluster test are skipped (to run them: install PostgreSQL and set TEST_DATABASE_URL)',
      },
    ]);
  });

  it('defaults TEST_DATABASE_URL to the local server when it is unset and PostgreSQL answers', () => {
    const plan = planProvisioning(facts({ testDatabaseUrl: undefined }));
    expect(plan.actions).toEqual([
      {
        kind: 'use-database',
        say: `TEST_DATABASE_URL is unset and PostgreSQL answers on 127.0.0.1:5432: the PostgreSQL tests use ${LOCAL_DATABASE_URL}`,
        url: 'postgres://postgres@127.0.0.1:5432/test',
      },
    ]);
  });

  it('starts an installed but stopped PostgreSQL as root, then uses it', () => {
    const plan = planProvisioning(facts({ testDatabaseUrl: undefined, postgres: { answering: false, version: '15' } }));
    expect(kinds(plan)).toEqual(['start-postgres', 'use-database']);
    expect(plan.actions?.[0]).toEqual({
      kind: 'start-postgres',
      say: 'starting PostgreSQL 15 (pg_ctlcluster --skip-systemctl-redirect 15 main start)',
      version: '15',
      argv: ['pg_ctlcluster', '--skip-systemctl-redirect', '15', 'main', 'start'],
    });
  });

  it('starts a stopped PostgreSQL through sudo -n when not root', () => {
    const plan = planProvisioning(facts({ privilege: 'sudo', testDatabaseUrl: undefined, postgres: { answering: false, version: '16' } }));
    expect(plan.actions?.[0]).toMatchObject({ argv: ['sudo', '-n', 'pg_ctlcluster', '--skip-systemctl-redirect', '16', 'main', 'start'] });
  });

  it('skips the PostgreSQL tests with the command to start it when it is stopped and starting it needs root', () => {
    const plan = planProvisioning(facts({ privilege: 'none', testDatabaseUrl: undefined, postgres: { answering: false, version: '15' } }));
    expect(plan.actions).toEqual([
      {
        kind: 'note',
        say: 'PostgreSQL 15 is installed but stopped, and starting it needs root: the PostgreSQL tests and the cluster test are skipped (to run them: sudo pg_ctlcluster --skip-systemctl-redirect 15 main start)',
      },
    ]);
  });

  it('leaves the local PostgreSQL alone when TEST_DATABASE_URL names a database', () => {
    expect(planProvisioning(facts({ postgres: { answering: false, version: '15' } }))).toEqual({ actions: [] });
  });

  it('installs before it starts PostgreSQL: nginx is needed because the started database makes the cluster test run', () => {
    const plan = planProvisioning(facts({ nginx: undefined, testDatabaseUrl: undefined, postgres: { answering: false, version: '15' } }));
    expect(kinds(plan)).toEqual(['install', 'start-postgres', 'use-database']);
    expect(plan.actions?.[0]).toMatchObject({ packages: ['nginx-light'] });
  });
});
