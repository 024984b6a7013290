import { readOnlyRefuses, READ_ONLY_CODE, READ_ONLY_MESSAGE, type SessionState } from '@viewas/impersonation-core';

/** How the gate reads the caller's session: from the `Cookie` header only, as every privileged step does. */
export interface GateSessions {
  fromCookieHeader(cookieHeader: string | null | undefined): Promise<SessionState>;
}

/** What a state-changing request in a read-only view answers, everywhere (the error envelope, DESIGN's code). */
export const READ_ONLY_ANSWER = { success: false, error: { code: READ_ONLY_CODE, message: READ_ONLY_MESSAGE } } as const;

/**
 * The one place a read-only view is enforced for the whole app: the web handler asks it before any API
 * route, and Next's proxy before any page or server action (a server action is a POST to a page). The
 * rule itself (which methods and paths, what stays open for leaving the view) is the core's
 * `readOnlyRefuses`; this adds the session: only a valid impersonated session whose mode is `read_only`
 * is refused. Safe methods never decode a cookie here, so reads cost nothing.
 */
export function createReadOnlyGate(sessions: GateSessions) {
  return async function refusesReadOnly({
    method,
    pathname,
    cookieHeader,
  }: {
    method: string;
    pathname: string;
    cookieHeader: string | null;
  }): Promise<boolean> {
    if (!readOnlyRefuses({ method, pathname })) return false;
    const session = await sessions.fromCookieHeader(cookieHeader);
    return session.status === 'valid' && session.claims.impersonation?.mode === 'read_only';
  };
}

export type ReadOnlyGate = ReturnType<typeof createReadOnlyGate>;
