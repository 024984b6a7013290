// Everything this app writes to run impersonation on Auth.js v5: the database, and viewasAuthJs with the app's
// own sign-in beside the core's providers. Wired once per server process on first use (never at build time),
// and one domain for the routes and the proxy.
import { viewasAuthJs } from '@viewas/impersonation-core/authjs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { passwordSignIn } from './sign-in.js';

function wire() {
  const db = drizzle({ client: new pg.Pool({ connectionString: process.env.DATABASE_URL }) });
  return viewasAuthJs({
    db,
    secret: process.env.AUTH_SECRET,
    origin: process.env.AUTH_URL,
    sessionMaxAgeSeconds: 8 * 60 * 60,
    providers: [passwordSignIn(db)],
  });
}

export const viewas = () => (globalThis.viewas ??= wire());
