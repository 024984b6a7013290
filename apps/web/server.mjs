// The production server: Next.js behind node:http (`node apps/web/server.mjs`, PORT default 3000).
// It tells the app who the client is (the socket's address, or with TRUST_PROXY the right hop of
// X-Forwarded-For: a client cannot choose its own address), and on SIGTERM/SIGINT it stops
// accepting, finishes the requests in flight, closes the database (releasing DATA_DIR) and exits 0.
import './src/server/runtime/production-mode.mjs';
import next from 'next';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { scrubError } from './src/server/logging/error-scrub.mjs';
import { logDestination } from './src/server/logging/log-destination.mjs';
import { CLIENT_IP_HEADER, parseTrustedProxies, stampClientAddress } from './src/server/runtime/client-address.mjs';
import { createGracefulShutdown } from './src/server/runtime/graceful-shutdown.mjs';

// Set by the app's start-up (server/app/server-context.ts): closes the database and stops its timers.
const APP_SHUTDOWN = Symbol.for('viewas.shutdown');

const log = pino({ level: process.env.LOG_LEVEL || 'info', base: { service: 'viewas-web', component: 'server' }, serializers: { err: scrubError } }, logDestination());
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

const server = createServer((request, response) => {
  stampClientAddress(request, trustedProxies);
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

server.listen(port, host, () => {
  log.info({ port, host: host ?? 'all interfaces', trustedProxies }, 'listening');
  listening = true;
  if (pendingBanner) printBanner(pendingBanner);
  pendingBanner = null;
});
