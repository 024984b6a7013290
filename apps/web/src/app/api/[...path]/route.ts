import { getServerContext } from '../../../server/app/server-context';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Any other /api/* path: the web handler's JSON 404, with the API's headers, rather than Next's HTML page.
const handler = (request: Request) => getServerContext().handle(request);

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS, handler as HEAD };
