import { createReadOnlyGate as createCoreReadOnlyGate, type GateSessions } from '@viewas/impersonation-core/http';
import type { Impersonation } from '@viewas/impersonation-core';
import { requestInfo } from '../services/request-info';

export { READ_ONLY_ANSWER, type GateSessions, type ReadOnlyRefusal } from '@viewas/impersonation-core/http';

export interface ReadOnlyGateOptions {
  sessions: GateSessions;
  /** Records an impersonation step asked for from inside the view (`Impersonation.refuseFromView`). */
  impersonation: Pick<Impersonation, 'refuseFromView'>;
  /** The app's public origin: only a same-origin request is recorded, as the admin API only serves those. */
  origin: string;
  /** The header the production server writes the client's address into (`services/request-info.ts`). */
  clientIpHeader: string | null;
}

/**
 * The core's read-only gate (`@viewas/impersonation-core/http`) with this app's client address: the web
 * handler asks it before any API route, and Next's proxy before any page or server action.
 */
export function createReadOnlyGate({ clientIpHeader, ...options }: ReadOnlyGateOptions) {
  return createCoreReadOnlyGate({ ...options, requestInfo: (request) => requestInfo(request.headers, clientIpHeader) });
}

export type ReadOnlyGate = ReturnType<typeof createReadOnlyGate>;
