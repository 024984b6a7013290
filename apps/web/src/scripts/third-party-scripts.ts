/**
 * Which third-party scripts a page may load (docs/security.md).
 *
 * - The affiliate (referral tracking) script loads on every page when its URL is set.
 * - The analytics script also needs a production build that is not a preview deployment and is
 *   not served to a localhost host name.
 * - Neither loads on admin pages or while an administrator is viewing as someone: tracking the
 *   target there would record visits the target never made.
 * - Neither loads on the first administrator's setup page: its address holds a one-time token and
 *   a password is typed there.
 * - Neither loads on the pages where users decide who may see their account (`/account/*`: access
 *   requests, support access, alerts), for anyone: a compromised script there could approve a view.
 * - Neither loads, on any page, for a staff session (any role but a plain user: support, admin): a
 *   script on our origin runs with the session's cookie, so a compromised third-party script would
 *   hold a staff member's powers (the admin API). Staff browsers run only our code.
 */

/** Build- and deployment-time settings, read from the environment by the app. */
export interface ScriptSettings {
  affiliateScriptUrl?: string;
  analyticsScriptUrl?: string;
  /** `NODE_ENV`: anything but `production` (development, test) is treated as development. */
  nodeEnv?: string;
  /** `APP_ENV`: `preview` marks a preview deployment. */
  appEnv?: string;
  /** `VERCEL_ENV`: `preview` marks a preview deployment. */
  vercelEnv?: string;
}

/** Facts about the request being rendered. */
export interface ScriptRequest {
  /** The request's `Host` header (`example.com`, `localhost:3000`, `[::1]:3000`); `null` when unknown. */
  host: string | null;
  pathname: string;
  isImpersonated: boolean;
  /** Whether the session (the server's for the first render, or the live one) is a staff member's. */
  isStaff: boolean;
}

export interface ThirdPartyScriptUrls {
  affiliate: string | null;
  analytics: string | null;
}

export const ADMIN_PATH_PREFIXES = ['/223/'] as const;

const LOCALHOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Every role but a plain user's is staff: support, admin, and any role added later, until it is shown not to be. */
export function isStaffRole(role: string | null | undefined): boolean {
  return role !== undefined && role !== null && role !== 'user';
}

/** Pages where a secret is typed or carried in the address (the first administrator's setup link). */
export const SECRET_PAGE_PATHS = ['/setup'] as const;

/** Where users decide who may see their account: their consent, support access and alert settings. */
export const USER_DECISION_PATHS = ['/account'] as const;

const underAny = (paths: readonly string[], pathname: string) => paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** Pages that never load a third-party script, whoever asks: the admin pages, the users' own decisions and the secret ones. */
export function isScriptFreePath(pathname: string): boolean {
  return isAdminPath(pathname) || underAny(USER_DECISION_PATHS, pathname) || underAny(SECRET_PAGE_PATHS, pathname);
}

/**
 * Whether going from one page to the other must be a full page load: a script, once loaded, runs for the
 * life of the document, so a client-side navigation must never carry one onto a script-free page. Between
 * two pages on the same side (or from a page not known yet) a client-side navigation is safe.
 */
export function needsFullPageLoad(from: string | null, to: string): boolean {
  return from === null || isScriptFreePath(from) !== isScriptFreePath(to);
}

export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATH_PREFIXES.some((prefix) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix));
}

/** The host name of a `Host` header, lower-cased, without port or trailing dot; `null` if it is not a host. */
export function hostnameOf(host: string | null): string | null {
  if (!host?.trim()) return null;
  try {
    return new URL(`http://${host.trim()}`).hostname.replace(/\.$/, '').toLowerCase();
  } catch {
    return null;
  }
}

export function isLocalhost(host: string | null): boolean {
  const hostname = hostnameOf(host);
  // An unknown host could be anything, localhost included: count it as local so analytics stays off.
  if (hostname === null) return true;
  return LOCALHOST_NAMES.has(hostname) || hostname.endsWith('.localhost');
}

export function isPreview({ appEnv, vercelEnv }: Pick<ScriptSettings, 'appEnv' | 'vercelEnv'>): boolean {
  return appEnv === 'preview' || vercelEnv === 'preview';
}

/** A usable script URL: an absolute http(s) URL or a same-origin path; blank or anything else is unset. */
export function scriptUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export function selectThirdPartyScripts(settings: ScriptSettings, request: ScriptRequest): ThirdPartyScriptUrls {
  if (request.isStaff || request.isImpersonated || isScriptFreePath(request.pathname)) return { affiliate: null, analytics: null };
  const analyticsAllowed = settings.nodeEnv === 'production' && !isPreview(settings) && !isLocalhost(request.host);
  return {
    affiliate: scriptUrl(settings.affiliateScriptUrl),
    analytics: analyticsAllowed ? scriptUrl(settings.analyticsScriptUrl) : null,
  };
}
