import { getServerContext } from '../../../../server/app/server-context';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Every next-auth v4 endpoint (csrf, providers, signin, callback, signout, session, _log): one framework-neutral handler, see server/auth/auth-handler.ts.
const handler = (request: Request) => getServerContext().handle(request);

export { handler as GET, handler as POST };
