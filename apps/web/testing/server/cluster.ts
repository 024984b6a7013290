import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findWorkspaceRoot } from '../../src/server/config/workspace-root';
import { locateNginx } from '@viewas/production-server/nginx';
import { freePort, newDataDir, startProductionServer, type ProductionServer } from './production-server';
import { createPostgresTestDatabase, requirePostgresUrl, type TestDatabase } from './test-database';

const workspaceRoot = findWorkspaceRoot(__dirname);
/** The nginx configuration docs/cluster.md recommends to operators; the cluster runs exactly this file. */
export const NGINX_CONF_TEMPLATE = path.join(workspaceRoot, 'docs', 'nginx.conf');

/** One line of what happened, with the time since the cluster started: the test prints them as its log tail. */
export interface TimelineEntry {
  atMs: number;
  text: string;
}

export interface ClusterAppServer extends ProductionServer {
  /** `app1`, `app2`, …: how the timeline and the access log name it. */
  name: string;
  /** `127.0.0.1:<port>`, as nginx's `$upstream_addr` writes it. */
  address: string;
}

/** One line of nginx's access log (the `upstream` log_format of docs/nginx.conf). */
export interface AccessLogLine {
  request: string;
  status: number;
  /** The app servers tried, in order, by name (`app1`); more than one when nginx retried. */
  upstreams: string[];
  upstreamStatuses: string[];
  requestId: string | null;
  /** The client's connection to nginx: its serial number, and how many requests it had carried with this one. */
  connection: { id: number; requests: number } | null;
  line: string;
}

export interface Cluster {
  /** The public origin: nginx. NEXTAUTH_URL of every app server. */
  url: string;
  servers: ClusterAppServer[];
  database: TestDatabase;
  /** Every app server shares it, as a real deployment must (a session made by one is read by the other). */
  nextAuthSecret: string;
  nginx: { process: ChildProcess; runtimeDir: string; config: string };
  /**
   * Rewrites the upstream (docs/nginx.conf with these servers, `down` ones marked so) and reloads nginx
   * (SIGHUP, as `nginx -s reload` does); resolves once every worker of the old configuration has exited,
   * so every new connection is served by the new one.
   */
  reloadNginx(upstreams: { server: ClusterAppServer; down?: boolean }[]): Promise<void>;
  /** Starts one more app server with the cluster's settings (named after the last: `app3`, …); nginx learns of it at the next reload. */
  startServer(): Promise<ClusterAppServer>;
  /** nginx's access log so far, parsed. */
  accessLog(): AccessLogLine[];
  /** The app server that answered the request with this `x-request-id` (from the access log). */
  serverFor(requestId: string | null): string | undefined;
  note(text: string): void;
  timeline(): TimelineEntry[];
  /** Stops nginx and every app server still running, drops the database and removes the temporary files. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** How many app servers (2 by default). */
  servers?: number;
  /** Added to every app server's environment. */
  env?: Record<string, string>;
}

export function findNginx(): string {
  const found = locateNginx(process.env);
  if (!found) {
    throw new Error(
      'No nginx found for the cluster test.\nInstall it: sudo apt-get install -y nginx-light (Debian/Ubuntu; npm test does it when it may), or point NGINX_PATH at an nginx binary.',
    );
  }
  return found;
}

/**
 * Renders docs/nginx.conf: `${LISTEN}`, `${RUNTIME_DIR}` filled in, and each line naming `${APP_SERVER}`
 * written once per app server. Refuses to leave a placeholder behind.
 */
export function renderNginxConfig(template: string, values: { listen: string; runtimeDir: string; appServers: string[] }): string {
  const rendered = template
    .split('\n')
    .flatMap((line) =>
      line.includes('${APP_SERVER}') ? values.appServers.map((server) => line.replaceAll('${APP_SERVER}', server)) : [line],
    )
    .join('\n')
    .replaceAll('${LISTEN}', values.listen)
    .replaceAll('${RUNTIME_DIR}', values.runtimeDir);
  const left = rendered
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .match(/\$\{[A-Z_]+\}/);
  if (left) throw new Error(`docs/nginx.conf has a placeholder the cluster does not fill: ${left[0]}`);
  return rendered;
}

/** Parses one line of the `upstream` log_format. */
export function parseAccessLogLine(line: string, names: Map<string, string>): AccessLogLine | null {
  const match = /"([^"]*)" (\d{3}) upstream=(.*?) upstream_status=(.*?) request_id=(\S+) time=\S+(?: connection=(\d+)\/(\d+))?/.exec(line);
  if (!match) return null;
  // nginx separates the servers one request tried with ", " (and internal redirects with " : ").
  const list = (value = '-') => (value === '-' ? [] : value.split(/\s*(?:,|\s:\s)\s*/).filter(Boolean));
  return {
    request: match[1] ?? '',
    status: Number(match[2]),
    upstreams: list(match[3]).map((address) => names.get(address) ?? address),
    upstreamStatuses: list(match[4]),
    requestId: match[5] === '-' ? null : (match[5] ?? null),
    connection: match[6] && match[7] ? { id: Number(match[6]), requests: Number(match[7]) } : null,
    line,
  };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s`);
}

/**
 * N production app servers (`node apps/web/server.mjs` on the production build) on one fresh PostgreSQL
 * database, behind nginx running docs/nginx.conf, each server with `TRUST_PROXY=1`, the same
 * NEXTAUTH_SECRET and NEXTAUTH_URL set to nginx's origin. Every port is a free one. Needs
 * `TEST_DATABASE_URL`, a production build and nginx.
 */
export async function startCluster({ servers: count = 2, env = {} }: ClusterOptions = {}): Promise<Cluster> {
  const nginxBinary = findNginx();
  const started = Date.now();
  const timeline: TimelineEntry[] = [];
  const note = (text: string) => timeline.push({ atMs: Date.now() - started, text });

  const database = await createPostgresTestDatabase(requirePostgresUrl());
  note(`database ${new URL(database.url ?? '').pathname.slice(1)} created and migrated`);
  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const nextAuthSecret = randomBytes(32).toString('base64url');
  const dataDirs: string[] = [];
  const appServers: ClusterAppServer[] = [];
  // nginx's workers may run as another user (nobody, when started as root): they must reach the temp paths.
  const runtimeDir = mkdtempSync(path.join(tmpdir(), 'viewas-nginx-'));
  chmodSync(runtimeDir, 0o755);
  let nginx: ChildProcess | undefined;
  const names = new Map<string, string>();
  const serverEnv = { DATABASE_URL: database.url ?? '', NEXTAUTH_SECRET: nextAuthSecret, NEXTAUTH_URL: url, TRUST_PROXY: '1', ...env };
  const launch = async (name: string): Promise<ClusterAppServer> => {
    const dataDir = newDataDir();
    dataDirs.push(dataDir);
    const server = await startProductionServer({ dataDir, env: serverEnv });
    const launched = { ...server, name, address: `127.0.0.1:${server.port}` };
    names.set(launched.address, name);
    return launched;
  };

  const stop = async () => {
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx?.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGKILL');
    }
    await Promise.all(appServers.map((server) => server.stop()));
    await database.close();
    for (const dir of [runtimeDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
  };

  try {
    appServers.push(...(await Promise.all(Array.from({ length: count }, (_, index) => launch(`app${index + 1}`)))));
    for (const server of appServers) note(`${server.name} (pid ${server.process.pid}) healthy on ${server.address}`);

    // A `down` server stays in the upstream, marked so: nginx sends it nothing new (docs/cluster.md, rolling deployments).
    const configFor = (upstreams: { server: ClusterAppServer; down?: boolean }[]) =>
      renderNginxConfig(readFileSync(NGINX_CONF_TEMPLATE, 'utf8'), {
        listen: `127.0.0.1:${proxyPort}`,
        runtimeDir,
        appServers: upstreams.map(({ server, down }) => (down ? `${server.address} down` : server.address)),
      });
    const config = configFor(appServers.map((server) => ({ server })));
    const configFile = path.join(runtimeDir, 'nginx.conf');
    writeFileSync(configFile, config);
    let nginxOutput = '';
    nginx = spawn(nginxBinary, ['-p', runtimeDir, '-c', configFile, '-e', path.join(runtimeDir, 'error.log'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stdout?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    const errorLog = () => (existsSync(path.join(runtimeDir, 'error.log')) ? readFileSync(path.join(runtimeDir, 'error.log'), 'utf8') : '');
    await waitUntil(
      async () => {
        if (nginx?.exitCode !== null) throw new Error(`nginx exited with ${nginx?.exitCode}:\n${nginxOutput}\n${errorLog()}`);
        return fetch(`${url}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
      },
      15_000,
      'nginx did not answer /api/health',
    );
    note(`nginx (pid ${nginx.pid}) on ${url}, round robin over ${appServers.map((server) => server.name).join(', ')}`);

    const accessLog = () => {
      const file = path.join(runtimeDir, 'access.log');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => parseAccessLogLine(line, names))
        .filter((line): line is AccessLogLine => line !== null);
    };
    const master = nginx;
    const nginxState = { process: master, runtimeDir, config };
    const reloadNginx = async (upstreams: { server: ClusterAppServer; down?: boolean }[]) => {
      const before = workersOf(master.pid ?? 0);
      nginxState.config = configFor(upstreams);
      writeFileSync(configFile, nginxState.config);
      master.kill('SIGHUP');
      // The master starts new workers, then the old ones finish their requests and exit.
      await waitUntil(
        async () => {
          if (master.exitCode !== null) throw new Error(`nginx exited with ${master.exitCode} on reload:\n${nginxOutput}\n${errorLog()}`);
          const now = workersOf(master.pid ?? 0);
          return now.length > 0 && now.every((pid) => !before.includes(pid));
        },
        15_000,
        'nginx did not reload',
      );
    };
    return {
      url,
      servers: appServers,
      database,
      nextAuthSecret,
      nginx: nginxState,
      reloadNginx,
      async startServer() {
        const server = await launch(`app${appServers.length + 1}`);
        appServers.push(server);
        return server;
      },
      accessLog,
      serverFor: (requestId) =>
        requestId
          ? accessLog()
              .find((line) => line.requestId === requestId)
              ?.upstreams.at(-1)
          : undefined,
      note,
      timeline: () => [...timeline],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The worker processes of an nginx master (its children, from /proc). */
function workersOf(masterPid: number): number[] {
  const workers: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …; comm may hold spaces and parentheses, so read from the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === masterPid) workers.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return workers;
}

/** The timeline as the test prints it: `  +12.345 s  app1 stopped`. */
export function formatTimeline(entries: TimelineEntry[]): string {
  return entries.map(({ atMs, text }) => `  +${(atMs / 1000).toFixed(3).padStart(8)} s  ${text}`).join('\n');
}
