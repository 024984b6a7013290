// The production server: Next.js behind node:http (`node apps/web/server.mjs`, PORT default 3000).
// It tells the app who the client is (the socket's address, or with TRUST_PROXY the right hop of
// X-Forwarded-For: a client cannot choose its own address), and on SIGTERM/SIGINT it stops
// accepting, finishes the requests in flight, closes the database (releasing DATA_DIR) and exits 0.
import './src/server/runtime/production-mode.mjs';
import './src/server/runtime/heap-growth.mjs';
import next from 'next';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { scrubError } from './src/server/logging/error-scrub.mjs';
import { logDestination } from './src/server/logging/log-destination.mjs';
import { CLIENT_IP_HEADER, parseTrustedProxies, stampClientAddress } from './src/server/runtime/client-address.mjs';
import { closeAfterEarlyAnswer } from './src/server/runtime/early-answer.mjs';
import { createGracefulShutdown } from './src/server/runtime/graceful-shutdown.mjs';
import { timeRequest } from './src/server/runtime/request-timing.mjs';
import { isValidHost, requestPath } from './src/server/runtime/request-target.mjs';
import { offerBannerPrinter, offeredApp } from './src/server/runtime/server-bridge.mjs';
import { answerSessionRead, failRequest } from './src/server/runtime/session-read-answer.mjs';

const SESSION_PATH = '/api/auth/session';

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
offerBannerPrinter((banner) => (listening ? printBanner(banner) : (pendingBanner = banner)));

const app = next({ dev: false, dir: fileURLToPath(new URL('.', import.meta.url)), port, hostname: host });
// Runs the app's start-up (instrumentation.ts): a bad configuration or a DATA_DIR held by another process ends it here.
await app.prepare();
const handle = app.getRequestHandler();
// FAST_PATH=off sends the session read through Next's router like every other route (to compare them).
const fastPath = process.env.FAST_PATH !== 'off';

/** A Host header that is no host: refused before anything reads the request (its body is never read). */
function refuseHost(response) {
  response.writeHead(400, {
    'cache-control': 'no-store',
    connection: 'close',
    'content-type': 'application/json',
    'x-content-type-options': 'nosniff',
  });
  response.end(JSON.stringify({ success: false, error: { code: 'bad_request', message: 'The Host header is not a valid host' } }));
}

// Every route is Next's (its route handlers, the same in `next dev`), but for the session read: every page
// and tab repeats it, and Next's router costs more than the read itself. The route is the request line's:
// Next routes on it and builds the route's URL on its own base, never on the Host header.
const server = createServer((request, response) => {
  timeRequest(request, response);
  if (!isValidHost(request.headers.host)) return refuseHost(response);
  closeAfterEarlyAnswer(request, response);
  stampClientAddress(request, trustedProxies);
  const offered = fastPath ? offeredApp() : null;
  if (offered && request.method === 'GET' && requestPath(request.url) === SESSION_PATH) {
    return answerSessionRead(offered.readSession, request, response, log);
  }
  handle(request, response).catch((error) => failRequest(response, error, log));
});

const shutdown = createGracefulShutdown(server, {
  async onDrained() {
    await offeredApp()?.shutdown();
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
