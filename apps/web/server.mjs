// The production server: Next.js behind node:http (`node apps/web/server.mjs`, PORT default 3000).
// It tells the app who the client is (the socket's address, or with TRUST_PROXY the right hop of
// X-Forwarded-For: a client cannot choose its own address), and on SIGTERM/SIGINT it stops
// accepting, finishes the requests in flight, closes the database (releasing DATA_DIR) and exits 0.
import './src/server/runtime/production-mode.mjs';
import './src/server/runtime/heap-growth.mjs';
import next from 'next';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { scrubError } from './src/server/logging/error-scrub.mjs';
import { logDestination } from './src/server/logging/log-destination.mjs';
import { CLIENT_IP_HEADER, parseTrustedProxies, stampClientAddress } from './src/server/runtime/client-address.mjs';
import { createGracefulShutdown } from './src/server/runtime/graceful-shutdown.mjs';
import { nodeRequest } from './src/server/runtime/node-request.mjs';
import { timeRequest } from './src/server/runtime/request-timing.mjs';

// Set by the app's start-up (server/app/server-context.ts): closes the database and stops its timers.
const APP_SHUTDOWN = Symbol.for('viewas.shutdown');
// The app's server context (server/app/server-context.ts), created by Next's start-up (instrumentation.ts).
const APP_CONTEXT = Symbol.for('viewas.server-context');
const SESSION_PATH = '/api/auth/session';
// The four calls of the start + return cycle: POST only, these exact paths (a query string allowed).
const CYCLE_PATHS = new Set([
  '/api/admin/impersonate',
  '/api/auth/callback/impersonate',
  '/api/admin/return-to-admin',
  '/api/auth/callback/return-to-admin',
]);

const log = pino(
  { level: process.env.LOG_LEVEL || 'info', base: { service: 'viewas-web', component: 'server' }, serializers: { err: scrubError } },
  logDestination(),
);
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;

let trustedProxies;
try {
  trustedProxies = parseTrustedProxies(process.env.TRUST_PROXY);
} catch (error) {
  console.error(`\nViewas cannot start: ${error.message}\n`);
  process.exit(1);
}

// The app reads the client's address from this header only when this server stamps every request.
process.env.VIEWAS_CLIENT_IP_HEADER = CLIENT_IP_HEADER;
// The app's start-up banner (demo accounts, or the first administrator's one-time link): plain text on
// standard error, never a JSON log line, printed once this server listens (the app may start before or after).
let listening = false;
let pendingBanner = null;
const printBanner = (banner) => process.stderr.write(`${banner}\n`);
globalThis[Symbol.for('viewas.print-banner')] = (banner) => (listening ? printBanner(banner) : (pendingBanner = banner));

const app = next({ dev: false, dir: fileURLToPath(new URL('.', import.meta.url)), port, hostname: host });
// Runs the app's start-up (instrumentation.ts): a bad configuration or a DATA_DIR held by another process ends it here.
await app.prepare();
const handle = app.getRequestHandler();
// FAST_PATH=off sends the calls answered here through Next's router like every other route (to compare them).
const fastPath = process.env.FAST_PATH !== 'off';
// Next's router adds this to every App Router answer; the answers sent here carry it too.
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

/** The request's path without its query string. */
function pathOf(url) {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Which of the app's own entry points answers this request here, before Next's router (which costs more
 * than the session read itself, and a fifth of the start + return cycle): `GET /api/auth/session` (the read
 * every page and tab repeats) and the cycle's four POSTs. They run the same code as the routes (the web
 * handler the route files call; `readSession` is what it calls for the read) and send the same status,
 * headers and body, written the way Next writes them; every other method or path goes through Next as
 * usual. The app's context exists once Next has run its start-up (on the first request); until then these
 * go through Next too.
 */
function beforeNext(request) {
  if (!fastPath) return undefined;
  const { method } = request;
  if (method !== 'GET' && method !== 'POST') return undefined;
  const path = pathOf(request.url);
  const context = globalThis[APP_CONTEXT];
  if (!context) return undefined;
  if (method === 'GET') return path === SESSION_PATH ? { kind: 'session', run: context.readSession, path } : undefined;
  return CYCLE_PATHS.has(path) ? { kind: 'cycle', run: context.answer, path } : undefined;
}

/** Writes an answer (headers lower-case and sorted, Set-Cookie lines together) as Next writes a Response. */
function writeAnswer(response, status, headers, body) {
  response.statusCode = status;
  response.setHeader('vary', NEXT_VARY);
  for (let index = 0; index < headers.length; index += 1) {
    const [name, value] = headers[index];
    if (name !== 'set-cookie') {
      response.setHeader(name, value);
      continue;
    }
    const cookies = [value];
    while (headers[index + 1]?.[0] === 'set-cookie') cookies.push(headers[(index += 1)][1]);
    response.setHeader('set-cookie', cookies);
  }
  // A body written before the end goes out chunked, as Next sends a Response's body; none, as Next sends a null one.
  if (body !== null) response.write(body);
  response.end();
}

function failed(response, error) {
  log.error({ err: error }, 'request failed');
  if (!response.headersSent) response.statusCode = 500;
  response.end();
}

function answerSessionRead(readSession, request, response) {
  readSession(request.headers.cookie ?? null).then(
    ({ status, headers, body }) => {
      writeAnswer(response, status, headers, body);
      log.debug({ path: SESSION_PATH }, 'session read answered before Next');
    },
    (error) => failed(response, error),
  );
}

// The smallest body limit of the cycle's routes (the admin API's 16 KiB; next-auth's is 64 KiB): a body
// declared no larger is within every route's limit, so reading it whole before the route runs changes
// nothing the route decides; anything else reaches the route as a stream, as from Next, and the route's
// own bounded reader answers it (413 over the limit, counted on the bytes, not the header).
const BUFFERED_BODY_MAX_BYTES = 16 * 1024;

/** Whether the body may be read whole first: a Content-Length within the limit, and no other framing. */
function isSmallBody(request) {
  const declared = request.headers['content-length'];
  if (declared === undefined || request.headers['transfer-encoding'] !== undefined) return false;
  return /^\d{1,5}$/.test(declared) && Number(declared) <= BUFFERED_BODY_MAX_BYTES;
}

/** The request's body, read whole: Node's parser delivers exactly Content-Length bytes. */
function readWhole(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * The request as the route handler reads it (runtime/node-request.mjs; what a `Request` from Next would
 * give it): method, URL, every header, the body. A small body with a Content-Length is read first and
 * handed over as bytes, which the route reads the same way and with less work than a stream adapted from
 * Node's; any other body is handed over as that stream.
 */
async function webRequest(request) {
  // An empty body too is handed over as one (a route tells "no body" from "an empty one").
  if (isSmallBody(request)) return nodeRequest(request, await readWhole(request));
  return nodeRequest(request, Readable.toWeb(request));
}

function answerCycleCall(answer, path, request, response) {
  webRequest(request)
    .then(answer)
    .then(({ status, headers, body }) => {
      writeAnswer(response, status, headers, body);
      log.debug({ path }, 'cycle call answered before Next');
    })
    .catch((error) => failed(response, error));
}

const server = createServer((request, response) => {
  stampClientAddress(request, trustedProxies);
  timeRequest(request, response);
  const early = beforeNext(request);
  if (early?.kind === 'session') return answerSessionRead(early.run, request, response);
  if (early?.kind === 'cycle') return answerCycleCall(early.run, early.path, request, response);
  handle(request, response).catch((error) => failed(response, error));
});

const shutdown = createGracefulShutdown(server, {
  async onDrained() {
    await globalThis[APP_SHUTDOWN]?.();
    await app.close();
  },
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    log.info({ signal }, 'shutting down: finishing requests in flight');
    shutdown().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

server.listen(port, host, () => {
  log.info({ port, host: host ?? 'all interfaces', trustedProxies, fastPath }, 'listening');
  listening = true;
  if (pendingBanner) printBanner(pendingBanner);
  pendingBanner = null;
});
