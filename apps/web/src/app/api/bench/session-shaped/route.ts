// Benchmark baseline (docs/performance.md): a bare route handler returning session-shaped JSON, so
// `npm run bench` can compare /api/auth/session against the cheapest possible answer from the
// same server. It exists only when the benchmark starts the server with BENCH_ROUTES=1.
const BODY = JSON.stringify({
  user: { id: '00000000-0000-4000-8000-000000000000', email: 'user@example.com', role: 'user', isImpersonated: false },
  expires: '2099-01-01T00:00:00.000Z',
});

export function GET(): Response {
  if (process.env.BENCH_ROUTES !== '1') return new Response('Not Found', { status: 404 });
  return new Response(BODY, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}
