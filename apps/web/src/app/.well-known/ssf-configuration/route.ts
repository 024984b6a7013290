import { getServerContext } from '../../../server/app/server-context';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The shared-signals transmitter's metadata (SSF 1.0), from the web handler.
const handler = (request: Request) => getServerContext().handle(request);

export { handler as GET, handler as HEAD };
