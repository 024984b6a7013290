// Serves the built consumer app and stands in for the host's server: next-auth's endpoints the
// session client calls and POST /api/admin/return-to-admin. It records every API call, and like
// the real server it only accepts same-origin JSON posts and the admin the impersonation belongs to.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

export const ADMIN = { id: 'admin-7f3a', email: 'ada.admin@viewas.dev', role: 'admin', isImpersonated: false };
export const TARGET = {
  id: 'user-19c2',
  email: 'jane.doe@example.com',
  role: 'user',
  isImpersonated: true,
  impersonator: { id: ADMIN.id, email: ADMIN.email },
};
const CSRF_TOKEN = 'smoke-csrf-token';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

const readBody = async (request) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
};

const json = (response, status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export function startStubServer(distDir) {
  let user = TARGET;
  const calls = [];
  let origin = '';

  const api = {
    'GET /api/auth/session': (request, response) => json(response, 200, { user, expires: new Date(Date.now() + 3_600_000).toISOString() }),
    'GET /api/auth/csrf': (request, response) => json(response, 200, { csrfToken: CSRF_TOKEN }),
    'GET /api/auth/providers': (request, response) =>
      json(response, 200, {
        'return-to-admin': {
          id: 'return-to-admin',
          name: 'Return to admin',
          type: 'credentials',
          signinUrl: `${origin}/api/auth/signin/return-to-admin`,
          callbackUrl: `${origin}/api/auth/callback/return-to-admin`,
        },
      }),
    'POST /api/auth/callback/return-to-admin': (request, response, body) => {
      const form = new URLSearchParams(body);
      const allowed = form.get('csrfToken') === CSRF_TOKEN && user === TARGET && form.get('adminUserId') === ADMIN.id;
      if (allowed) user = ADMIN;
      json(response, 200, { url: allowed ? `${origin}/` : `${origin}/api/auth/error?error=CredentialsSignin` });
    },
    'POST /api/admin/return-to-admin': (request, response) => {
      const sameOrigin = request.headers.origin === origin && request.headers['content-type'] === 'application/json';
      if (!sameOrigin) return json(response, 403, { success: false, error: { code: 'forbidden', message: 'Cross-site request' } });
      if (user !== TARGET) return json(response, 409, { success: false, error: { code: 'conflict', message: 'Not impersonating' } });
      return json(response, 200, { success: true, adminUser: { id: ADMIN.id, email: ADMIN.email } });
    },
  };

  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url, origin);
    const handler = api[`${request.method} ${pathname}`];
    if (handler) {
      const body = await readBody(request);
      calls.push({ method: request.method, pathname, body, at: Date.now() });
      return handler(request, response, body);
    }
    if (pathname.startsWith('/api/')) return json(response, 404, { success: false, error: { code: 'not_found', message: pathname } });
    // The app's files, and index.html for every other route (a single-page app).
    const asset = normalize(join(distDir, pathname));
    const file = asset.startsWith(distDir) && extname(asset) !== '' ? asset : join(distDir, 'index.html');
    try {
      const content = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(content);
    } catch {
      response.writeHead(404).end();
    }
  });

  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${server.address().port}`;
      const close = () =>
        new Promise((done) => {
          server.close(done);
          server.closeAllConnections();
        });
      resolve({ origin, calls, close });
    });
  });
}
