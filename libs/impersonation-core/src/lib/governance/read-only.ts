import type { Attempt } from '../ledger/ledger-entries';

/** Methods that never change state: a read-only view may always use them. */
export const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/**
 * The state-changing requests a read-only view may still make: only what leaving the view needs
 * (signing out, returning to the staff account) and next-auth's session read, which never changes a
 * claim. Everything else that is not a safe method answers `403 read_only`.
 */
export const OPEN_DURING_READ_ONLY: readonly { method: string; path: string }[] = [
  { method: 'POST', path: '/api/auth/session' },
  { method: 'POST', path: '/api/auth/signout' },
  { method: 'POST', path: '/api/admin/return-to-admin' },
  { method: 'POST', path: '/api/auth/callback/return-to-admin' },
];

export const READ_ONLY_CODE = 'read_only';
export const READ_ONLY_MESSAGE =
  'This is a read-only view: nothing can be changed on this account. Return to your own account to make changes.';

export const isStateChanging = (method: string) => !(SAFE_METHODS as readonly string[]).includes(method.toUpperCase());

const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** Whether a read-only view must be refused this request. Trailing slashes do not open a way around the list. */
export function readOnlyRefuses({ method, pathname }: { method: string; pathname: string }): boolean {
  if (!isStateChanging(method)) return false;
  const path = withoutTrailingSlash(pathname);
  const upper = method.toUpperCase();
  return !OPEN_DURING_READ_ONLY.some((open) => open.method === upper && open.path === path);
}

/** An impersonation step a request asks for, and the impersonation its path names (End's `{id}`). */
export interface LifecycleRequest {
  /** Which step: a start, a take-over, or an End. */
  attempt: Extract<Attempt, 'start' | 'take_over' | 'end'>;
  /** The impersonation an End names in its path; `null` for a start or take-over, which name none. */
  impersonationId: string | null;
}

// The admin API's start and End (its route table, `@viewas/admin-api`) and next-auth's take-over callback.
const LIFECYCLE_ROUTES: readonly { attempt: LifecycleRequest['attempt']; pattern: RegExp }[] = [
  { attempt: 'start', pattern: /^\/api\/admin\/impersonate$/ },
  { attempt: 'take_over', pattern: /^\/api\/auth\/callback\/impersonate$/ },
  { attempt: 'end', pattern: /^\/api\/admin\/impersonations\/(?<id>[^/]+)\/end$/ },
];

/**
 * The impersonation step a state-changing request asks for, if any. A read-only view's gate refuses
 * these like every other change, before the step runs; it asks this so the attempt is still recorded
 * (`Impersonation.refuseFromView`), as the step itself records it from a full view.
 */
export function lifecycleRequest({ method, pathname }: { method: string; pathname: string }): LifecycleRequest | null {
  if (method.toUpperCase() !== 'POST') return null;
  const path = withoutTrailingSlash(pathname);
  for (const { attempt, pattern } of LIFECYCLE_ROUTES) {
    const match = pattern.exec(path);
    if (match) return { attempt, impersonationId: match.groups?.['id'] ?? null };
  }
  return null;
}
