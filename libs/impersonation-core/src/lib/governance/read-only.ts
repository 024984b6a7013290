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

/** Whether a read-only view must be refused this request. Trailing slashes do not open a way around the list. */
export function readOnlyRefuses({ method, pathname }: { method: string; pathname: string }): boolean {
  if (!isStateChanging(method)) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const upper = method.toUpperCase();
  return !OPEN_DURING_READ_ONLY.some((open) => open.method === upper && open.path === path);
}
