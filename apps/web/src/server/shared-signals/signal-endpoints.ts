import { SSF_CONFIGURATION_PATH } from '@viewas/impersonation-core/shared-signals';
import type { HttpAnswer } from '@viewas/admin-api/server';
import type { WebRequest } from '../app/web-request';
import type { TransmitterWiring } from './transmitter-wiring';

const error = (status: number, code: string, message: string, headers: [string, string][] = []): HttpAnswer => ({
  status,
  headers: [['Content-Type', 'application/json'], ...headers],
  body: JSON.stringify({ success: false, error: { code, message } }),
});

/** Where trusted transmitters push their SETs (RFC 8935). */
export const SSF_EVENTS_PATH = '/api/ssf/events';

/** Whether the web handler sends a path here. */
export const isSignalPath = (pathname: string) => pathname === SSF_CONFIGURATION_PATH || pathname === SSF_EVENTS_PATH;

/**
 * The shared-signals endpoints for anyone (no session): the transmitter's metadata at
 * `/.well-known/ssf-configuration` (GET and HEAD; 404 while the transmitter is off), and the receiver at
 * `POST /api/ssf/events` (404 while no issuer is trusted).
 */
export function createSignalEndpoints({
  transmitter,
  receiver,
}: {
  transmitter: TransmitterWiring | null;
  receiver: ((request: WebRequest) => Promise<HttpAnswer>) | null;
}) {
  return async (request: WebRequest, pathname: string): Promise<HttpAnswer> => {
    if (pathname === SSF_EVENTS_PATH)
      return receiver ? receiver(request) : error(404, 'not_found', 'This server receives no shared signals (no SSF_ISSUERS)');
    if (pathname !== SSF_CONFIGURATION_PATH) return error(404, 'not_found', 'No such endpoint');
    if (request.method !== 'GET' && request.method !== 'HEAD') return error(405, 'method_not_allowed', 'Use GET', [['Allow', 'GET, HEAD']]);
    if (!transmitter) return error(404, 'not_found', 'Shared signals are off on this server (no SSF signing key)');
    return { status: 200, headers: [['Content-Type', 'application/json']], body: JSON.stringify(transmitter.metadata) };
  };
}
