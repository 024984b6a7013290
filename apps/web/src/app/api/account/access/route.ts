import { getServerContext } from '../../../../server/app/server-context';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The signed-in user's own access history; served by the admin API's handlers (GET only).
const handler = (request: Request) => getServerContext().handle(request);

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS };
