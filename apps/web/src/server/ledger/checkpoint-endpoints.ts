import type { WebRequest } from '../app/web-request';
import type { HttpAnswer } from '@viewas/admin-api/server';
import type { JWK } from 'jose';
import type { CheckpointWiring } from './checkpoint-wiring';

export const CHECKPOINT_PATH = '/api/ledger/checkpoint';
export const CHECKPOINT_KEY_PATH = '/api/ledger/checkpoint/key';
export const JWKS_PATH = '/.well-known/jwks.json';

const error = (status: number, code: string, message: string, headers: [string, string][] = []): HttpAnswer => ({
  status,
  headers: [['Content-Type', 'application/json'], ...headers],
  body: JSON.stringify({ success: false, error: { code, message } }),
});
const text = (body: string): HttpAnswer => ({ status: 200, headers: [['Content-Type', 'text/plain; charset=utf-8']], body });

const OFF_MESSAGE = 'Ledger checkpoints are off on this server (no LEDGER_CHECKPOINT_KEY)';

/**
 * The public side of the ledger's checkpoints, for anyone (no session): the latest signed note, its
 * verifier key, and the key as a JWKS (beside the SET signing key when shared signals are on). Only GET and HEAD; a database that cannot be read answers 503.
 */
export function createCheckpointEndpoints({
  checkpoints,
  isUnavailable,
  otherKeys = async () => [],
}: {
  checkpoints: CheckpointWiring | null;
  isUnavailable: (error: unknown) => boolean;
  /** The JWKS's other public keys (the shared-signals transmitter's SET key). */
  otherKeys?: () => Promise<JWK[]>;
}) {
  return async (request: WebRequest, pathname: string): Promise<HttpAnswer> => {
    const known = pathname === CHECKPOINT_PATH || pathname === CHECKPOINT_KEY_PATH || pathname === JWKS_PATH;
    if (!known) return error(404, 'not_found', 'No such endpoint');
    if (request.method !== 'GET' && request.method !== 'HEAD') return error(405, 'method_not_allowed', 'Use GET', [['Allow', 'GET, HEAD']]);
    if (pathname === JWKS_PATH) {
      const keys = [...(checkpoints ? [await checkpoints.jwk()] : []), ...(await otherKeys())];
      return { status: 200, headers: [['Content-Type', 'application/jwk-set+json']], body: JSON.stringify({ keys }) };
    }
    if (!checkpoints) return error(404, 'not_found', OFF_MESSAGE);
    if (pathname === CHECKPOINT_KEY_PATH) return text(`${checkpoints.verifierKey}\n`);
    try {
      const latest = await checkpoints.latest();
      return latest ? text(latest.note) : error(404, 'not_found', 'No checkpoint has been signed yet');
    } catch (thrown) {
      if (isUnavailable(thrown)) return error(503, 'unavailable', 'The database is unavailable; try again shortly');
      throw thrown;
    }
  };
}
