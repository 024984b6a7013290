// Benchmark baseline (docs/performance.md): a bare route handler returning session-shaped JSON, so
// `npm run bench` can compare /api/auth/session against the cheapest possible answer from the same server
// (GET), and set the start + return cycle beside the floor any four calls through Next's router pay (POST,
// reading its body as the cycle's calls do; it changes nothing, so it needs no read-only gate). It exists
// only when the benchmark starts the server with BENCH_ROUTES=1.
const BODY = JSON.stringify({
  user: { id: '00000000-0000-4000-8000-000000000000', email: 'user@example.com', role: 'user', isImpersonated: false },
  expires: '2099-01-01T00:00:00.000Z',
});
const HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };

export function GET(): Response {
  if (process.env.BENCH_ROUTES !== '1') return new Response('Not Found', { status: 404 });
  return new Response(BODY, { headers: HEADERS });
}

export async function POST(request: Request): Promise<Response> {
  if (process.env.BENCH_ROUTES !== '1') return new Response('Not Found', { status: 404 });
  await request.text();
  return new Response(BODY, { headers: HEADERS });
}
