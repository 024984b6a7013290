import { isSameOriginRequest, refusalAnswer, type ApiRequest } from '@viewas/admin-api/server';
import { refusalError } from './admin-api-service';
import type { Impersonation } from '../create-impersonation';
import { lifecycleRequest, readOnlyRefuses, READ_ONLY_CODE, READ_ONLY_MESSAGE } from '../governance/read-only';
import type { RequestInfo } from '../model';
import type { SessionState } from '../session';

/** How the gate reads the caller's session: from the `Cookie` header only, as every privileged step does. */
export interface GateSessions {
  /** The session the header's cookie carries, decoded and checked; `{ status: 'none' }` without one. */
  fromCookieHeader(cookieHeader: string | null | undefined): Promise<SessionState>;
}

/** What `createReadOnlyGate` needs: the host's session lookup, the domain's recorder, the origin and the caller. */
export interface ReadOnlyGateOptions {
  /** Finds the caller's session in the request's `Cookie` header. */
  sessions: GateSessions;
  /** Records an impersonation step asked for from inside the view (`Impersonation.refuseFromView`). */
  impersonation: Pick<Impersonation, 'refuseFromView'>;
  /** The app's public origin: only a same-origin request is recorded, as the admin API only serves those. */
  origin: string;
  /** Who is calling, from the request: the host knows which address header to trust. */
  requestInfo: (request: ApiRequest) => RequestInfo;
}

/** What a state-changing request in a read-only view answers, everywhere (the error envelope, DESIGN's code). */
export const READ_ONLY_ANSWER = { success: false, error: { code: READ_ONLY_CODE, message: READ_ONLY_MESSAGE } } as const;

/** The gate's answer to a refused request, as plain data: a host sends it from its proxy or handler. */
export interface ReadOnlyRefusal {
  /** The HTTP status: 403, or 429 once refused view steps pass their limit. */
  status: number;
  /** The JSON body, in the API's error envelope (`read_only`, or `rate_limited`). */
  body: { success: false; error: { code: string; message: string } };
  /** Headers to send with it: `Retry-After` (seconds) on a 429, none otherwise. */
  headers: Record<string, string>;
}

const REFUSED: ReadOnlyRefusal = { status: 403, body: READ_ONLY_ANSWER, headers: {} };

/**
 * The one place a read-only view is enforced for a whole host, whatever its auth library: the host asks it
 * before any of its routes (a Next.js app from its proxy, so pages and server actions too). The rule itself
 * (which methods and paths, what stays open for leaving the view) is `readOnlyRefuses`; this adds the
 * session: only a valid impersonated session whose mode is `read_only` is refused, with `403 read_only`.
 * Safe methods never decode a cookie here, so reads cost nothing.
 *
 * A start, take-over or End asked for from the view is refused here too, before the step could record
 * it, so the gate hands it to the domain, which records it as it does from a full view (once, naming the
 * view's admin) and counts it against the same limit: past it the answer is `429 rate_limited` with
 * `Retry-After`, and there is no row.
 */
export function createReadOnlyGate({ sessions, impersonation, origin, requestInfo }: ReadOnlyGateOptions) {
  const appOrigin = new URL(origin).origin;
  return async function refusesReadOnly(request: ApiRequest): Promise<ReadOnlyRefusal | null> {
    const { method } = request;
    const { pathname } = new URL(request.url);
    if (!readOnlyRefuses({ method, pathname })) return null;
    const session = await sessions.fromCookieHeader(request.headers.get('cookie'));
    if (session.status !== 'valid' || session.claims.impersonation?.mode !== 'read_only') return null;

    const lifecycle = lifecycleRequest({ method, pathname });
    if (!lifecycle || !isSameOriginRequest(request, appOrigin)) return REFUSED;
    const outcome = await impersonation.refuseFromView({ session, lifecycle, request: requestInfo(request) });
    if (outcome.ok || !outcome.refusal.throttledUntil) return REFUSED;
    const error = refusalError(outcome.refusal);
    return {
      status: refusalAnswer(error).status,
      body: { success: false, error: { code: error.code, message: error.message } },
      headers: { 'Retry-After': String(error.retryAfterSeconds ?? 1) },
    };
  };
}

/** The gate: a request in, its `ReadOnlyRefusal`, or `null` when the request may go on. */
export type ReadOnlyGate = ReturnType<typeof createReadOnlyGate>;

/** The gate's refusal as a Fetch `Response`, for hosts that answer with one. */
export function readOnlyResponse(refusal: ReadOnlyRefusal): Response {
  return Response.json(refusal.body, { status: refusal.status, headers: refusal.headers });
}
