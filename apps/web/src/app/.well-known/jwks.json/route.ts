import { getServerContext } from '../../../server/app/server-context';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The public keys a verifier needs (the ledger checkpoints' Ed25519 key, as a JWK), from the web handler.
const handler = (request: Request) => getServerContext().handle(request);

export { handler as GET, handler as HEAD };
