// Benchmark baseline: stock next-auth v4 (its App Router handler, JWT sessions, no callbacks of ours)
// on the same server and secret, so `npm run bench` can compare `GET /api/auth/session` with the library
// it replaces, reading the same cookie. It exists only when the benchmark starts the server with
// BENCH_ROUTES=1; otherwise every path here answers 404.
import NextAuth, { type AuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getServerContext } from '../../../../../server/app/server-context';
import { resolveSessionSecret } from '../../../../../server/config/session-secret';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

let stock: ((request: Request, context: RouteContext) => Promise<Response>) | undefined;

function stockNextAuth() {
  const { config } = getServerContext();
  const options: AuthOptions = {
    secret: resolveSessionSecret(config),
    session: { strategy: 'jwt', maxAge: config.sessionMaxAgeSeconds },
    providers: [CredentialsProvider({ credentials: {}, authorize: () => null })],
  };
  return NextAuth(options) as (request: Request, context: RouteContext) => Promise<Response>;
}

function handler(request: Request, context: RouteContext): Promise<Response> | Response {
  if (process.env.BENCH_ROUTES !== '1') return new Response('Not Found', { status: 404 });
  stock ??= stockNextAuth();
  return stock(request, context);
}

// GET only: the benchmark reads sessions here and never signs in, and a route that changes nothing needs no
// read-only gate (every state-changing route goes through the web handler's).
export { handler as GET };
