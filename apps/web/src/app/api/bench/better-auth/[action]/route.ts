// Benchmark baseline: the work Better Auth's admin plugin does for `impersonate-user` and
// `stop-impersonating` (database sessions, HMAC-signed session cookies), on this server and its database,
// so `npm run bench` compares our start + return cycle with it in the same run instead of with a figure
// measured on another day. Per call, as Better Auth 1.x does it: verify the signed session cookie
// (Web Crypto HMAC-SHA-256), read the session and its user, then
// - impersonate: read the target user, insert a session for them marked `impersonated_by`, set the new
//   session cookie and an `admin_session` cookie holding the admin's own (signed) token;
// - stop: verify the `admin_session` cookie, read the admin's session and user, delete the impersonated
//   session, set the session cookie back to the admin's and clear `admin_session`.
// `sign-in` creates a session for an e-mail address (not part of the measured cycle). The sessions live in a
// table of their own, created on first use. It exists only when the benchmark starts the server with
// BENCH_ROUTES=1; otherwise every path here answers 404.
import { sql } from 'drizzle-orm';
import { getServerContext } from '../../../../../server/app/server-context';
import { resolveSessionSecret } from '../../../../../server/config/session-secret';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ action: string }> };
type Row = Record<string, unknown>;

const SESSION_COOKIE = 'better-auth.session_token';
const ADMIN_COOKIE = 'better-auth.admin_session';
const SESSION_SECONDS = 7 * 24 * 3600;
const IMPERSONATION_SECONDS = 3600;

let ready: Promise<void> | undefined;

async function database() {
  const db = await getServerContext().database.get();
  ready ??= db
    .execute(
      sql`create table if not exists bench_better_auth_session (
        id text primary key, token text not null unique, user_id uuid not null, expires_at timestamptz not null,
        ip_address text, user_agent text, impersonated_by uuid, created_at timestamptz not null, updated_at timestamptz not null)`,
    )
    .then(() => undefined);
  await ready;
  return db;
}

const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

let key: Promise<CryptoKey> | undefined;
const hmacKey = () =>
  (key ??= crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(resolveSessionSecret(getServerContext().config)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  ));

async function sign(value: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(), new TextEncoder().encode(value));
  return `${value}.${Buffer.from(signature).toString('base64')}`;
}

async function verified(signed: string | undefined): Promise<string | null> {
  if (!signed) return null;
  const at = signed.lastIndexOf('.');
  if (at < 1) return null;
  const value = signed.slice(0, at);
  const signature = Buffer.from(signed.slice(at + 1), 'base64');
  return (await crypto.subtle.verify('HMAC', await hmacKey(), signature, new TextEncoder().encode(value))) ? value : null;
}

function cookiesOf(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
  }
  return cookies;
}

const cookie = (name: string, value: string, maxAge: number) =>
  `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax`;

type Db = Awaited<ReturnType<typeof database>>;

async function findSession(db: Db, token: string | null): Promise<{ session: Row; user: Row } | null> {
  if (!token) return null;
  const [session] = rowsOf(await db.execute(sql`select * from bench_better_auth_session where token = ${token}`));
  if (!session || new Date(String(session['expires_at'])) < new Date()) return null;
  const [user] = rowsOf(await db.execute(sql`select id, email, name, role, status from users where id = ${session['user_id']}`));
  return user ? { session, user } : null;
}

async function createSession(db: Db, request: Request, userId: unknown, seconds: number, impersonatedBy: unknown = null): Promise<Row> {
  const now = new Date();
  const [session] = rowsOf(
    await db.execute(sql`insert into bench_better_auth_session
      (id, token, user_id, expires_at, ip_address, user_agent, impersonated_by, created_at, updated_at)
      values (${crypto.randomUUID()}, ${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url')}, ${userId},
        ${new Date(now.getTime() + seconds * 1000)}, ${request.headers.get('x-forwarded-for') ?? ''}, ${request.headers.get('user-agent') ?? ''},
        ${impersonatedBy}, ${now}, ${now})
      returning *`),
  );
  if (!session) throw new Error('insert returned no session');
  return session;
}

function answer(body: unknown, cookies: string[], status = 200): Response {
  const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' });
  for (const line of cookies) headers.append('set-cookie', line);
  return new Response(JSON.stringify(body), { status, headers });
}

const refused = (status: number, message: string) => answer({ message }, [], status);

async function signIn(request: Request): Promise<Response> {
  const db = await database();
  const { email } = (await request.json()) as { email: string };
  const [user] = rowsOf(await db.execute(sql`select id, email, name, role, status from users where lower(email) = lower(${email})`));
  if (!user) return refused(401, 'Invalid email');
  const session = await createSession(db, request, user['id'], SESSION_SECONDS);
  return answer({ user }, [cookie(SESSION_COOKIE, await sign(String(session['token'])), SESSION_SECONDS)]);
}

async function impersonate(request: Request): Promise<Response> {
  const db = await database();
  const { userId } = (await request.json()) as { userId: string };
  const cookies = cookiesOf(request);
  const signedToken = cookies.get(SESSION_COOKIE);
  const current = await findSession(db, await verified(signedToken));
  if (!current) return refused(401, 'Unauthorized');
  if (current.user['role'] !== 'admin') return refused(403, 'Forbidden');
  const [target] = rowsOf(await db.execute(sql`select id, email, name, role, status from users where id = ${userId}`));
  if (!target) return refused(404, 'User not found');
  const session = await createSession(db, request, target['id'], IMPERSONATION_SECONDS, current.user['id']);
  return answer({ session, user: target }, [
    cookie(SESSION_COOKIE, await sign(String(session['token'])), IMPERSONATION_SECONDS),
    cookie(ADMIN_COOKIE, await sign(`${String(current.session['token'])}:`), SESSION_SECONDS),
  ]);
}

async function stop(request: Request): Promise<Response> {
  const db = await database();
  const cookies = cookiesOf(request);
  const current = await findSession(db, await verified(cookies.get(SESSION_COOKIE)));
  if (!current) return refused(401, 'Unauthorized');
  if (!current.session['impersonated_by']) return refused(400, 'You are not impersonating anyone');
  const adminToken = (await verified(cookies.get(ADMIN_COOKIE)))?.split(':')[0] ?? null;
  const admin = await findSession(db, adminToken);
  if (!admin) return refused(400, 'Failed to find admin session');
  await db.execute(sql`delete from bench_better_auth_session where token = ${current.session['token']}`);
  return answer({ session: admin.session, user: admin.user }, [
    cookie(SESSION_COOKIE, await sign(String(admin.session['token'])), SESSION_SECONDS),
    cookie(ADMIN_COOKIE, '', 0),
  ]);
}

const ACTIONS: Record<string, (request: Request) => Promise<Response>> = {
  'sign-in': signIn,
  'impersonate-user': impersonate,
  'stop-impersonating': stop,
};

export async function POST(request: Request, context: RouteContext): Promise<Response> {
  if (process.env.BENCH_ROUTES !== '1') return new Response('Not Found', { status: 404 });
  const action = ACTIONS[(await context.params).action];
  return action ? action(request) : new Response('Not Found', { status: 404 });
}
