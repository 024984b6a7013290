import { getServerContext } from '../../../../server/app/server-context';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The rest of the account API (access requests, notifications): served by the admin API's handlers.
const handler = (request: Request) => getServerContext().handle(request);

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS };
