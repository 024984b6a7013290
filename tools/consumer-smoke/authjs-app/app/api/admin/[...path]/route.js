import { viewas } from '../../../../lib/viewas.js';

export const dynamic = 'force-dynamic';

// The admin API routes its own paths and answers a wrong method with its JSON 405.
const handler = (request) => viewas().adminApi.fetch(request);

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
