import { getServerContext } from '../../../../server/app/server-context';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Every method goes to the admin API's dispatcher, so a wrong method answers its JSON 405, not Next's.
const handler = (request: Request) => getServerContext().handle(request);

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS };
