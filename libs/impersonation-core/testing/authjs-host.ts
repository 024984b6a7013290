// An Auth.js v5 host for the adapter's HTTP specs: `viewasAuthJs` inside @auth/core's own request handler
// (`Auth()`, what `next-auth@5` runs under Next), served over a real Node server with the admin and account API
// beside it and the read-only gate before every route, as a Next.js host's proxy asks it.
import { Auth } from '@auth/core';
import Credentials from '@auth/core/providers/credentials';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { viewasAuthJs } from '../src/authjs';
import { signInClaims } from '../src/index';
import { createPostgresStore } from '../src/postgres';
import type { Database } from '../src/lib/postgres/database';
import { send, toRequest } from './node-fetch-bridge';

export const AUTHJS_SECRET = 'an-auth-js-test-secret-long-enough-0000000';
export const AUTHJS_PASSWORD = 'the right password';
const MAX_AGE = 8 * 60 * 60;

export interface AuthJsHost {
  origin: string;
  close(): Promise<void>;
}

/** Serves the host on loopback over `db` (migrated); its accounts sign in with `AUTHJS_PASSWORD`. */
export async function startAuthJsHost(db: Database): Promise<AuthJsHost> {
  const store = createPostgresStore(db);
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // What a host writes (tools/consumer-smoke/authjs-app/lib/viewas.js), with Auth() in place of NextAuth().
  const viewas = viewasAuthJs({
    db,
    secret: AUTHJS_SECRET,
    origin,
    sessionMaxAgeSeconds: MAX_AGE,
    requestInfo: (request) => ({ ip: '127.0.0.1', userAgent: request.headers.get('user-agent') }),
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        async authorize(credentials) {
          const found = await store.users.findByEmail(String(credentials.email));
          if (!found || credentials.password !== AUTHJS_PASSWORD) return null;
          return { id: found.id, email: found.email, claims: signInClaims(found, new Date()) };
        },
      }),
    ],
  });
  const config = { ...viewas.config, trustHost: true, basePath: '/api/auth' };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const request = await toRequest(req, origin);
      const { pathname } = new URL(request.url);
      // The read-only gate before every route, as a Next.js host's proxy does.
      const refusal = await viewas.proxy(request);
      if (refusal) return send(res, refusal);
      if (pathname.startsWith('/api/auth')) return send(res, await Auth(request, config));
      if (pathname.startsWith('/api/admin') || pathname.startsWith('/api/account')) return send(res, await viewas.adminApi.fetch(request));
      // The host's own write.
      if (pathname === '/api/notes' && request.method === 'POST') return send(res, Response.json({ saved: true }));
      return send(res, new Response('not found', { status: 404 }));
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });

  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
