import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { newDataDir, productionBuild, startProductionServer, type ProductionServer } from '../../../testing/server/production-server';
import { rawExchange } from '../../../testing/server/raw-http';

if (!productionBuild())
  throw new Error('No production build of apps/web: run `npx nx run web:build` first (the web:test-production target does).');

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const header = (answer: string, name: string) => new RegExp(`\\r\\n${name}: ([^\\r]*)\\r\\n`, 'i').exec(answer)?.[1];

/** The access log's lines (`"msg":"request"`) written since `from`: method, path, status. */
function accessLog(server: ProductionServer, from: number): { method: string; path: string; status: number }[] {
  return server
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { method: string; path: string; status: number });
}

type Answer = { status: number; connection: string | undefined; body: string; socket: Socket };

/** One request through `agent` (keep-alive), as Node's HTTP client and fetch make them. */
function send(server: ProductionServer, agent: Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path, agent, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text, socket: req.socket as Socket }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

// Invariants 15 and 19: the route is the request line's, and an answer sent before the body was read
// closes the connection. Requests written by hand on raw sockets, as an attacker would.
describe('the request line and the connection (server.mjs)', () => {
  let server: ProductionServer;

  beforeAll(async () => {
    server = await startProductionServer({ dataDir: newDataDir() });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  const sameOrigin = () => ({ origin: server.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' });
  // A start the route reads in full and refuses for want of a session (401).
  const start = JSON.stringify({ userId: 'someone', reason: 'Checking which route answers' });
  const setupForm = JSON.stringify({
    token: 'x',
    email: 'a@example.com',
    password: 'a long enough password',
    confirmPassword: 'a long enough password',
  });

  it('refuses a Host that carries a path with 400, and never runs the route it names', async () => {
    const from = server.output().length;
    for (const host of [`localhost:${server.port}/api/setup#`, `localhost:${server.port}/api/admin/impersonations/x/end?`]) {
      const answer = await rawExchange(server.port, 'POST', '/api/admin/impersonate', { ...sameOrigin(), host }, setupForm);
      expect(statusOf(answer)).toBe(400);
      expect(answer).toMatch(/"error":\{"code":"bad_request","message":"The Host header is not a valid host"\}/);
      expect(header(answer, 'connection')).toBe('close');
    }
    expect(accessLog(server, from)).toEqual([]);
    expect(server.output().slice(from)).not.toMatch(/setup link|first-admin-setup/);
  });

  it.each(['[', 'user@localhost', 'local host', 'localhost?x', 'localhost#x'])('answers 400, not 500, to the Host %j', async (host) => {
    const answer = await rawExchange(server.port, 'GET', '/api/health', { host });
    expect(statusOf(answer)).toBe(400);
    expect(answer).not.toMatch(/\bat [\w.]+ \(/);
  });

  it("routes and logs the request line's path whatever valid Host is sent", async () => {
    const from = server.output().length;
    const health = await rawExchange(server.port, 'GET', '/api/health', { host: 'other.example:8443' });
    expect(statusOf(health)).toBe(200);
    expect(health).toMatch(/"status":"ok"/);
    // The start route answers as the start route (no session), not as the setup route.
    const started = await rawExchange(server.port, 'POST', '/api/admin/impersonate', { ...sameOrigin(), host: 'setup.example' }, start);
    expect(statusOf(started)).toBe(401);
    expect(accessLog(server, from)).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/health', status: 200 }),
      expect.objectContaining({ method: 'POST', path: '/api/admin/impersonate', status: 401 }),
    ]);
  });

  it('answers a 1 MB body with 413 and Connection: close, and the same agent then succeeds on a new connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(server, agent, 'POST', '/api/admin/impersonate', sameOrigin(), Buffer.alloc(1024 * 1024, 'x'));
      expect(refused).toMatchObject({ status: 413, connection: 'close' });
      expect(JSON.parse(refused.body)).toMatchObject({ success: false, error: { code: 'payload_too_large' } });
      const next = await send(server, agent, 'POST', '/api/admin/impersonate', sameOrigin(), Buffer.from(start));
      expect(next.status).toBe(401);
      expect(next.socket).not.toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });

  it('keeps the connection alive after an answer that read its body in full', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(server, agent, 'POST', '/api/admin/impersonate', sameOrigin(), Buffer.from(start));
      expect(first).toMatchObject({ status: 401, connection: 'keep-alive' });
      const second = await send(server, agent, 'GET', '/api/health', {});
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });

  it('answers a second request on the same raw socket after an early refusal only on a new connection', async () => {
    // Two requests written back to back on one socket, the first with a body the route refuses unread:
    // the server answers the first and closes, so the rest of that body is never read as a request.
    const socket = connect(server.port, '127.0.0.1');
    const body = 'x'.repeat(64 * 1024);
    const sent = [
      `POST /api/admin/impersonate HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\norigin: ${server.url}\r\nsec-fetch-site: same-origin\r\n`,
      `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      `GET /api/health HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\n\r\n`,
    ].join('');
    const received = await new Promise<string>((resolve) => {
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('error', () => resolve(answer));
      socket.on('close', () => resolve(answer));
      socket.write(sent, 'latin1');
    });
    expect(statusOf(received)).toBe(413);
    expect(header(received, 'connection')).toBe('close');
    expect(received.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
  });
});
