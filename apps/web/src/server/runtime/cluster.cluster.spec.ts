import { sql, type SQL } from 'drizzle-orm';
import { REVOCATION_WINDOW_MS } from '@viewas/impersonation-core/testing';
import { RATE_LIMITED_CODE } from '@viewas/impersonation-core/next-auth';
import { createPasswordHasher } from '../auth/password';
import { DEFAULT_THROTTLE } from '../auth/password-sign-in';
import { formatTimeline, startCluster, type Cluster } from '../../../testing/server/cluster';
import { fetchOnNewConnection } from '../../../testing/server/fetch-on-new-connection';
import { productionBuild } from '../../../testing/server/production-server';
import { TestBrowser } from '../../../testing/server/test-browser';

if (!productionBuild())
  throw new Error('No production build of apps/web: run `npx nx run web:build` first (the web:test-cluster target does).');

const PASSWORD = 'cluster-test-password';
const ACCOUNTS = {
  admin: { email: 'admin@cluster.test', role: 'admin' },
  admin2: { email: 'admin2@cluster.test', role: 'admin' },
  viewed: { email: 'viewed@cluster.test', role: 'user' },
  pair: { email: 'pair@cluster.test', role: 'user' },
  guessed: { email: 'guessed@cluster.test', role: 'user' },
  spoofer: { email: 'spoofer@cluster.test', role: 'user' },
} as const;

/** How late after an End a copy of the ended cookie may still work on the other server: the revocation window, plus this test's polling step. */
const REVOCATION_WINDOW_WITH_POLL_MS = REVOCATION_WINDOW_MS + 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface UsersPage {
  users: { id: string; email: string }[];
}

describe('two production app servers on one PostgreSQL behind nginx (docs/nginx.conf, TRUST_PROXY=1)', () => {
  let cluster: Cluster;
  const ids = new Map<string, string>();
  const browser = (userAgent = 'ClusterTest/1.0') => new TestBrowser(cluster.url, cluster.url, userAgent);
  /** Rows straight from the shared database (node-postgres). */
  const rowsOf = async <Row>(statement: SQL): Promise<Row[]> =>
    ((await cluster.database.handle.db.execute(statement)) as unknown as { rows: Row[] }).rows;

  /** The app server that answered (nginx writes its log line just after the answer: wait for it). */
  async function served(response: { headers: Headers }): Promise<string | undefined> {
    const requestId = response.headers.get('x-request-id');
    for (let tries = 0; tries < 50; tries += 1) {
      const server = cluster.serverFor(requestId);
      if (server) return server;
      await sleep(20);
    }
    return undefined;
  }

  async function signedIn(account: keyof typeof ACCOUNTS, userAgent?: string): Promise<TestBrowser> {
    const signingIn = browser(userAgent);
    const result = await signingIn.signIn('credentials', { email: ACCOUNTS[account].email, password: PASSWORD });
    if (!result.ok) throw new Error(`sign-in of ${ACCOUNTS[account].email} through nginx failed: ${result.error}`);
    return signingIn;
  }

  async function idOf(admin: TestBrowser, account: keyof typeof ACCOUNTS): Promise<string> {
    const known = ids.get(account);
    if (known) return known;
    const page = await admin.api<UsersPage>('GET', `/api/admin/users?query=${encodeURIComponent(ACCOUNTS[account].email)}`);
    const id = page.body.users.find((user) => user.email === ACCOUNTS[account].email)?.id;
    if (!id) throw new Error(`${ACCOUNTS[account].email} not found`);
    ids.set(account, id);
    return id;
  }

  beforeAll(async () => {
    cluster = await startCluster({ servers: 2 });
    const hasher = createPasswordHasher();
    const passwordHash = await hasher.hash(PASSWORD);
    for (const { email, role } of Object.values(ACCOUNTS)) await cluster.database.storage.users.create({ email, role, passwordHash });
    cluster.note(`${Object.keys(ACCOUNTS).length} accounts created in the shared database`);
  }, 240_000);

  afterAll(async () => {
    if (!cluster) return;
    const log = cluster.accessLog();
    const perServer = cluster.servers
      .map((server) => `${server.name} ${log.filter((line) => line.upstreams.at(-1) === server.name).length}`)
      .join(', ');
    const retried = log.filter((line) => line.upstreams.length > 1);
    cluster.note(`nginx access log: ${log.length} requests (${perServer}), ${retried.length} sent on to another server`);
    process.stdout.write(
      `\nCluster test timeline (nginx ${cluster.url}, ${cluster.servers.map((server) => `${server.name} ${server.address}`).join(', ')}):\n${formatTimeline(cluster.timeline())}\n`,
    );
    if (retried.length > 0) process.stdout.write(`Requests nginx sent on:\n${retried.map((line) => `  ${line.line}`).join('\n')}\n`);
    process.stdout.write(
      `Last lines of nginx's access log:\n${log
        .slice(-8)
        .map((line) => `  ${line.line}`)
        .join('\n')}\n\n`,
    );
    await cluster.stop();
  }, 60_000);

  it('signs in through nginx and alternates the requests between both app servers, which read each other’s sessions', async () => {
    const admin = await signedIn('admin');
    const answers = [];
    for (let request = 0; request < 6; request += 1) {
      const response = await admin.fetch('/api/auth/session');
      answers.push({ server: await served(response), email: ((await response.json()) as { user?: { email?: string } }).user?.email });
    }
    const servers = answers.map((answer) => answer.server);
    cluster.note(`6 session reads through nginx answered by ${servers.join(', ')}`);

    expect(answers.map((answer) => answer.email)).toEqual(Array(6).fill(ACCOUNTS.admin.email));
    expect(new Set(servers)).toEqual(new Set(['app1', 'app2']));
    for (let index = 1; index < servers.length; index += 1) expect(servers[index]).not.toBe(servers[index - 1]);
  });

  it('records the address nginx saw, not the X-Forwarded-For a client wrote', async () => {
    const spoofer = await signedIn('spoofer', 'cluster-spoofer');
    const answer = await spoofer.api(
      'POST',
      '/api/admin/impersonate',
      { userId: await idOf(await signedIn('admin'), 'viewed'), reason: 'spoofed address' },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(answer.status).toBe(403);
    const rows = await rowsOf<{ ip: string | null }>(sql`select ip from audit_events where user_agent = 'cluster-spoofer'`);
    cluster.note(`a user's refused start with X-Forwarded-For 203.0.113.9 is recorded from ${rows.map((row) => row.ip).join(', ')}`);
    expect(rows.map((row) => row.ip)).toEqual(['127.0.0.1']);
  });

  it('ends a view on one server and the other stops honouring every copy of its cookie within the revocation window', async () => {
    const admin = await signedIn('admin');
    const started = await admin.api<{ impersonationId: string }>('POST', '/api/admin/impersonate', {
      userId: await idOf(admin, 'viewed'),
      reason: 'Cluster revocation check',
    });
    expect(started.status).toBe(200);
    expect(await admin.signIn('impersonate', { impersonationId: started.body.impersonationId })).toMatchObject({ ok: true });
    cluster.note(`admin views as ${ACCOUNTS.viewed.email} (impersonation ${started.body.impersonationId.slice(0, 8)})`);

    // The same cookie, sent straight to each app server: what a copy of it in another browser gets.
    const copyOn = (name: string) => admin.clone(cluster.servers.find((server) => server.name === name)?.url);
    for (const server of cluster.servers)
      expect((await copyOn(server.name).session()).user).toMatchObject({ email: ACCOUNTS.viewed.email, isImpersonated: true });

    const otherAdmin = await signedIn('admin2');
    const ended = await otherAdmin.fetch(`/api/admin/impersonations/${started.body.impersonationId}/end`, {
      method: 'POST',
      headers: { origin: cluster.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{}',
    });
    const endedAt = Date.now();
    expect(ended.status).toBe(200);
    const endedBy = await served(ended);
    const other = cluster.servers.find((server) => server.name !== endedBy)?.name ?? '';
    expect(endedBy).toMatch(/^app[12]$/);
    cluster.note(`admin2 ends it through nginx, answered by ${endedBy}`);

    expect(await copyOn(endedBy ?? '').session()).toEqual({});
    cluster.note(`${endedBy} refuses the viewed cookie at once`);
    let lastSeen = endedAt;
    for (;;) {
      const session = await copyOn(other).session();
      if (!session['user']) break;
      lastSeen = Date.now();
      if (lastSeen - endedAt > REVOCATION_WINDOW_MS + 5_000) break;
      await sleep(200);
    }
    const goneAfterMs = Date.now() - endedAt;
    cluster.note(
      `${other} stops honouring the cookie ${(goneAfterMs / 1000).toFixed(1)} s after the End (window ${REVOCATION_WINDOW_MS} ms)`,
    );
    expect(goneAfterMs).toBeLessThanOrEqual(REVOCATION_WINDOW_WITH_POLL_MS);
    for (const server of cluster.servers) expect(await copyOn(server.name).session()).toEqual({});
  }, 90_000);

  it('keeps one running view per administrator and user when both servers take over at the same moment', async () => {
    const [first, second] = await Promise.all([signedIn('admin'), signedIn('admin')]);
    if (!first || !second) throw new Error('two sign-ins expected');
    const userId = await idOf(first, 'pair');
    const starts = await Promise.all(
      [first, second].map((tab) =>
        tab.api<{ impersonationId?: string }>('POST', '/api/admin/impersonate', { userId, reason: 'Cluster pair check' }),
      ),
    );
    const startedOn = await Promise.all(starts.map(served));
    const takeOvers = await Promise.all(
      starts.map((start, index) =>
        start.status === 200 && start.body.impersonationId
          ? [first, second][index]?.signIn('impersonate', { impersonationId: start.body.impersonationId })
          : null,
      ),
    );
    const viewing = await Promise.all(
      [first, second].map(async (tab) => ((await tab.session())['user'] as { email?: string } | undefined)?.email === ACCOUNTS.pair.email),
    );
    cluster.note(
      `one admin, two tabs: starts answered ${starts.map((start) => start.status).join(' and ')} by ${startedOn.join(' and ')}; ${viewing.filter(Boolean).length} tab views as ${ACCOUNTS.pair.email}`,
    );

    expect(new Set(startedOn)).toEqual(new Set(['app1', 'app2']));
    expect(takeOvers.filter((takeOver) => takeOver?.ok).length).toBe(1);
    expect(viewing.filter(Boolean)).toHaveLength(1);
    const running = await rowsOf<{ count: string }>(
      sql`select count(*) as count from impersonations where target_id = ${userId} and started_at is not null and ended_at is null`,
    );
    expect(Number(running[0]?.count)).toBe(1);
  });

  it('counts password guesses fired at both servers at once together, and then refuses the right password on both', async () => {
    const { maxFailures } = DEFAULT_THROTTLE.account;
    const guesses = await Promise.all(
      Array.from({ length: 3 * maxFailures }, (_, guess) =>
        browser('cluster-guesser').signIn('credentials', { email: ACCOUNTS.guessed.email, password: `wrong-${guess}` }),
      ),
    );
    await sleep(200);
    const guessedOn = cluster
      .accessLog()
      .filter((line) => line.request.startsWith('POST /api/auth/callback/credentials'))
      .slice(-guesses.length)
      .map((line) => line.upstreams.at(-1));
    const checked = guesses.filter((guess) => guess.error === 'CredentialsSignin').length;
    const refused = guesses.filter((guess) => guess.error === RATE_LIMITED_CODE).length;
    cluster.note(
      `${guesses.length} wrong passwords at once (${guessedOn.filter((server) => server === 'app1').length} on app1, ${guessedOn.filter((server) => server === 'app2').length} on app2): ${checked} checked, ${refused} refused (limit ${maxFailures})`,
    );
    expect(new Set(guessedOn)).toEqual(new Set(['app1', 'app2']));
    expect(checked).toBe(maxFailures);
    expect(refused).toBe(guesses.length - maxFailures);

    const guesser = browser('cluster-guesser');
    const rightPassword = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // A sign-in is two requests (csrf token, then the form): one more in between moves the next form to the other server.
      if (attempt === 1) await guesser.fetch('/api/health');
      rightPassword.push(await guesser.signIn('credentials', { email: ACCOUNTS.guessed.email, password: PASSWORD }));
    }
    await sleep(200);
    const refusedOn = cluster
      .accessLog()
      .filter((line) => line.request.startsWith('POST /api/auth/callback/credentials'))
      .slice(-2)
      .map((line) => line.upstreams.at(-1));
    cluster.note(`then the right password is refused on ${refusedOn.join(' and ')}`);
    expect(rightPassword.map((attempt) => attempt.error)).toEqual([RATE_LIMITED_CODE, RATE_LIMITED_CODE]);
    expect(new Set(refusedOn)).toEqual(new Set(['app1', 'app2']));
  });

  it('writes each ledger row once', async () => {
    const duplicates = await rowsOf<{ impersonation_id: string; type: string; count: string }>(
      sql`select impersonation_id, type, count(*) as count from audit_events where impersonation_id is not null and type <> 'impersonation.denied' group by impersonation_id, type having count(*) > 1`,
    );
    const revoked = await rowsOf<{ type: string }>(
      sql`select type from audit_events where reason = 'Cluster revocation check' order by id`,
    );
    const total = await rowsOf<{ count: string }>(sql`select count(*) as count from audit_events`);
    cluster.note(`ledger: ${total[0]?.count} rows, none twice; the ended view: ${revoked.map((row) => row.type).join(', ')}`);
    expect(duplicates).toEqual([]);
    expect(revoked.map((row) => row.type)).toEqual(['impersonation.started', 'impersonation.activated', 'impersonation.ended']);
  });

  it('loses no request nginx may resend when one server gets SIGTERM during traffic, and answers every other one or refuses it with 502', async () => {
    const readers = await Promise.all([signedIn('admin'), signedIn('admin2')]);
    const [victim, survivor] = cluster.servers;
    if (!victim || !survivor) throw new Error('two servers expected');
    const results: { method: string; path: string; status: number; error?: string }[] = [];
    let running = true;
    const requests: [string, string][] = [
      ['GET', '/api/auth/session'],
      ['GET', `/api/admin/users?query=cluster`],
      ['GET', '/api/health'],
      ['POST', '/api/auth/session'],
    ];
    const client = async (tab: TestBrowser, offset: number) => {
      for (let index = offset; running; index += 1) {
        const [method, path] = requests[index % requests.length] ?? ['GET', '/api/health'];
        try {
          const response =
            method === 'POST'
              ? await tab.fetch(path, {
                  method,
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({ csrfToken: await tab.csrfToken(), data: {} }),
                })
              : await tab.fetch(path);
          await response.arrayBuffer();
          results.push({ method, path, status: response.status });
        } catch (error) {
          results.push({ method, path, status: 0, error: error instanceof Error ? error.message : String(error) });
        }
      }
    };
    const traffic = [0, 1, 2, 3].map((offset) => client(readers[offset % 2] as TestBrowser, offset));
    await sleep(1_500);
    const beforeStop = results.length;
    cluster.note(`traffic: 4 clients (session reads, user search, health, session updates); ${beforeStop} answered before the stop`);
    const exit = victim.stop('SIGTERM');
    cluster.note(`SIGTERM to ${victim.name}`);
    const code = await exit;
    cluster.note(`${victim.name} exited ${code} after finishing its requests in flight`);
    await sleep(2_000);
    running = false;
    await Promise.all(traffic);

    const failed = results.filter((result) => result.status !== 200);
    const log = cluster.accessLog();
    const sentOn = log.filter((line) => line.upstreams.length > 1);
    const afterStop = log.slice(-Math.max(results.length - beforeStop, 1));
    cluster.note(
      `${results.length} requests (${results.filter((result) => result.method === 'POST').length} POST), ${failed.length} failed (${failed.map((result) => `${result.method} ${result.status}`).join(', ') || 'none'}); nginx sent ${sentOn.length} on from ${victim.name} to ${survivor.name} (${[...new Set(sentOn.map((line) => line.request.split(' ')[0]))].join(', ') || 'none'})`,
    );
    expect(code).toBe(0);
    // Every GET (idempotent: nginx resends it) is answered. A POST that reached the stopping server in the
    // instant it closed its listener is the one thing nginx must not resend (it may have taken effect):
    // it gets nginx's 502, and docs/cluster.md says how a rolling deployment avoids even that.
    expect(failed.filter((result) => result.method !== 'POST')).toEqual([]);
    expect(failed.every((result) => result.status === 502)).toBe(true);
    expect(
      sentOn.every((line) => line.upstreams.at(0) === victim.name && line.upstreams.at(-1) === survivor.name && line.status === 200),
    ).toBe(true);
    expect(results.length - beforeStop).toBeGreaterThan(10);
    expect(afterStop.at(-1)?.upstreams.at(-1)).toBe(survivor.name);
  }, 60_000);

  it('deploys server by server and loses no request: every one answered 200, POSTs included, none resent: out of nginx (down + reload), SIGTERM, a new server, back in', async () => {
    // Each request on a new connection to nginx (as docs/cluster.md's rolling deployment assumes of
    // clients, and as nginx itself does towards the app servers): a reload closes nginx's idle client
    // connections, and a request a keep-alive client sent into one at that instant would fail before any
    // answer, which is the client's artefact, not a lost request. Nothing is resent here.
    const readers = (await Promise.all([signedIn('admin'), signedIn('admin2')])).map((tab) => tab.clone(cluster.url, fetchOnNewConnection));
    const csrfTokens = await Promise.all(readers.map((tab) => tab.csrfToken()));
    const results: { method: string; path: string; status: number; error?: string }[] = [];
    let running = true;
    const requests: [string, string][] = [
      ['GET', '/api/auth/session'],
      ['POST', '/api/auth/session'],
      ['GET', `/api/admin/users?query=cluster`],
      ['GET', '/api/health'],
    ];
    const client = async (reader: number, offset: number) => {
      const tab = readers[reader] as TestBrowser;
      for (let index = offset; running; index += 1) {
        const [method, path] = requests[index % requests.length] ?? ['GET', '/api/health'];
        try {
          const response = await tab.fetch(path, {
            method,
            headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
            body: method === 'POST' ? JSON.stringify({ csrfToken: csrfTokens[reader], data: {} }) : undefined,
          });
          await response.arrayBuffer();
          results.push({ method, path, status: response.status });
        } catch (error) {
          results.push({ method, path, status: 0, error: error instanceof Error ? error.message : String(error) });
        }
      }
    };
    const answeredBy = (from: number) =>
      cluster
        .accessLog()
        .slice(from)
        .map((line) => line.upstreams.at(-1));

    // The previous test stopped one server: it is replaced first, then every server in turn.
    let live = cluster.servers.filter((server) => server.process.exitCode === null && server.process.signalCode === null);
    const replacement = await cluster.startServer();
    live = [replacement, ...live];
    await cluster.reloadNginx(live.map((server) => ({ server })));
    cluster.note(
      `${replacement.name} (pid ${replacement.process.pid}) started on ${replacement.address}; nginx reloaded with ${live.map((server) => server.name).join(', ')}`,
    );

    const trafficFrom = cluster.accessLog().length;
    const traffic = [0, 1, 2, 3].map((offset) => client(offset % 2, offset));
    await sleep(1_000);
    for (const old of [...live]) {
      const others = live.filter((server) => server !== old);
      await cluster.reloadNginx([...others.map((server) => ({ server })), { server: old, down: true }]);
      const drainedFrom = cluster.accessLog().length;
      cluster.note(`${old.name} marked down, nginx reloaded`);
      await sleep(500);
      const code = await old.stop('SIGTERM');
      cluster.note(`${old.name} got SIGTERM and exited ${code}`);
      expect(code).toBe(0);
      const next = await cluster.startServer();
      cluster.note(`${next.name} (pid ${next.process.pid}) healthy on ${next.address}`);
      live = [...others, next];
      await cluster.reloadNginx(live.map((server) => ({ server })));
      const backFrom = cluster.accessLog().length;
      cluster.note(`nginx reloaded with ${live.map((server) => server.name).join(', ')}`);
      await sleep(1_000);
      // Nothing new reached the server once it was out; the new one takes its share at once.
      expect(answeredBy(drainedFrom)).not.toContain(old.name);
      expect(answeredBy(backFrom)).toContain(next.name);
    }
    running = false;
    await Promise.all(traffic);
    await sleep(200);

    const trafficLog = cluster.accessLog().slice(trafficFrom);
    const reused = trafficLog.filter((line) => line.connection?.requests !== 1);
    const notOk = results.filter((result) => result.status !== 200);
    cluster.note(
      `rolling deployment: ${results.length} requests (${results.filter((result) => result.method === 'POST').length} POST), ${notOk.length} not answered 200; nginx logged ${trafficLog.length} on ${new Set(trafficLog.map((line) => line.connection?.id)).size} client connections; now serving: ${live.map((server) => server.name).join(', ')}`,
    );
    // No request lost: each one got its 200, none failed in the client, none was sent twice.
    expect(notOk).toEqual([]);
    expect(trafficLog).toHaveLength(results.length);
    // Each on its own connection: nginx counted one request on every client connection it logged.
    expect(reused.map((line) => line.line)).toEqual([]);
    expect(results.filter((result) => result.method === 'POST').length).toBeGreaterThan(10);
  }, 240_000);
});
