// The production server: Next.js behind node:http (`node apps/web/server.mjs`, PORT default 3000).
// It tells the app who the client is (the socket's address, or with TRUST_PROXY the right hop of
// X-Forwarded-For: a client cannot choose its own address), and on SIGTERM/SIGINT it stops
// accepting, finishes the requests in flight, closes the database (releasing DATA_DIR) and exits 0.
import './src/server/runtime/production-mode.mjs';
import next from 'next';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { CLIENT_IP_HEADER, parseTrustedProxies, stampClientAddress } from './src/server/runtime/client-address.mjs';
import { createGracefulShutdown } from './src/server/runtime/graceful-shutdown.mjs';

// Set by the app's start-up (server/app/server-context.ts): closes the database and stops its timers.
const APP_SHUTDOWN = Symbol.for('viewas.shutdown');
// The app's server context (server/app/server-context.ts), created by the start-up in app.prepare().
const APP_CONTEXT = Symbol.for('viewas.server-context');
const SESSION_PATH = '/api/auth/session';

const log = pino({ level: process.env.LOG_LEVEL || 'info', base: { service: 'viewas-web', component: 'server' } });
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

const app = next({ dev: false, dir: fileURLToPath(new URL('.', import.meta.url)), port, hostname: host });
// Runs the app's start-up (instrumentation.ts): a bad configuration or a DATA_DIR held by another process ends it here.
await app.prepare();
const handle = app.getRequestHandler();
const readSession = globalThis[APP_CONTEXT]?.readSession;

/**
 * `GET /api/auth/session` (the read every page and tab repeats) is answered here, before Next's router,
 * which costs more than the read itself. It runs the same code as the route (`readSession` is what the
 * route calls) and sends the same status, headers and body; anything else, and every other method or
 * path, goes through Next as usual.
 */
function isSessionRead(request) {
  if (request.method !== 'GET' || !readSession) return false;
  const { url } = request;
  return url === SESSION_PATH || (url.startsWith(SESSION_PATH) && url.charCodeAt(SESSION_PATH.length) === 63 /* ? */);
}

function answerSessionRead(request, response) {
  readSession(request.headers.cookie ?? null).then(
    ({ status, headers, body }) => {
      response.writeHead(status, headers.flat());
      response.end(body);
    },
    (error) => {
      log.error({ err: error }, 'request failed');
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    },
  );
}

const server = createServer((request, response) => {
  stampClientAddress(request, trustedProxies);
  if (isSessionRead(request)) return answerSessionRead(request, response);
  handle(request, response).catch((error) => {
    log.error({ err: error }, 'request failed');
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
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

server.listen(port, host, () => log.info({ port, host: host ?? 'all interfaces', trustedProxies }, 'listening'));
