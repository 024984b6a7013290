import { getServerContext } from '../../../server/app/server-context';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// POST: the first administrator, from the one-time setup link's form (see server/app/setup-api.ts).
const handler = (request: Request) => getServerContext().handle(request);

export { handler as POST };
