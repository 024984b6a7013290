/** One year, as browsers and the HSTS preload list expect. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** Paths whose answers are per-user and must never be kept by a browser or a shared cache. */
export const NO_STORE_PATH_PREFIXES = ['/api/auth/', '/api/admin/', '/api/account/'] as const;

/**
 * The headers every response carries, whatever it is. HSTS only when the app's public origin is
 * https: over plain http browsers ignore it, and a developer's localhost must not be pinned to https.
 */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` } : {}),
  };
}

export function mustNotBeStored(pathname: string): boolean {
  return NO_STORE_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
