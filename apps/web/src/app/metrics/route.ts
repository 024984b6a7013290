import { getServerContext } from '../../server/app/server-context';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Prometheus's text format behind METRICS_TOKEN (see server/metrics/metrics-endpoint.ts).
const handler = (request: Request) => getServerContext().handle(request);

export { handler as GET, handler as HEAD };
