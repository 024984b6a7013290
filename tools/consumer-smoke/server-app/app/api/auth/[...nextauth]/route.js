import NextAuth from 'next-auth';
import { viewas } from '../../../../lib/viewas.js';

export const dynamic = 'force-dynamic';

const handler = (request, context) => NextAuth(viewas().authOptions)(request, context);

export { handler as GET, handler as POST };
