import { getServerContext } from '../../../server/app/server-context';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// `{ status, db }` for load balancers: 200 when the database answers, 503 when it does not.
const handler = (request: Request) => getServerContext().handle(request);

export { handler as GET, handler as HEAD };
