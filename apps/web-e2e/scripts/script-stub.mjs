// Stands in for the third-party analytics and affiliate hosts during the browser tests: serves a
// tiny script for each that records on the page that it ran. Which scripts a page asked for is
// observed in the browser, per test, so this server keeps no state.
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 3312);

const script = (name) => `(window.__thirdPartyScriptsRan = window.__thirdPartyScriptsRan || []).push(${JSON.stringify(name)});\n`;
const SCRIPTS = { '/analytics.js': script('analytics'), '/affiliate.js': script('affiliate') };

const server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://stub');
  const body = SCRIPTS[pathname];
  if (body) {
    // no-store, so every page load really asks for the script again.
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(body);
    return;
  }
  response.writeHead(pathname === '/health' ? 200 : 404, { 'Content-Type': 'text/plain' });
  response.end(pathname === '/health' ? 'ok' : 'not found');
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
