import type { BetterAuthClientPlugin } from 'better-auth/client';
import type { ViewasPlugin } from './plugin';

/** What the banner shows of a session user (`@viewas/impersonation-banner`'s `BannerUser`). */
export interface ViewasBannerUser {
  /** The signed-in user's e-mail: during a view, the impersonated user's, which the banner names. */
  email: string;
  /** `true` only while an admin is viewing as this user; the banner shows nothing otherwise. */
  isImpersonated: boolean;
  /** When the view ends at the latest, ISO 8601 UTC, for the banner's countdown; absent outside a view or if unreadable. */
  impersonationExpiresAt?: string;
  /** The view's mode, which the banner shows; absent outside a view or if the answer named no known mode. */
  impersonationMode?: 'read_only' | 'full';
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The banner's user from a Better Auth session answer (`useSession().data`), which the server plugin gives the
 * view's fields; `null` without a user. Read strictly: only `true` is an impersonation.
 */
export function toBannerUser(session: unknown): ViewasBannerUser | null {
  const user = isRecord(session) ? session['user'] : null;
  if (!isRecord(user) || typeof user['email'] !== 'string') return null;
  const banner: ViewasBannerUser = { email: user['email'], isImpersonated: user['isImpersonated'] === true };
  if (!banner.isImpersonated) return banner;
  const expiresAt = user['impersonationExpiresAt'];
  if (typeof expiresAt === 'string' && !Number.isNaN(Date.parse(expiresAt))) banner.impersonationExpiresAt = expiresAt;
  const mode = user['impersonationMode'];
  if (mode === 'read_only' || mode === 'full') banner.impersonationMode = mode;
  return banner;
}

/** The client side of `viewas()`: `authClient.viewas.impersonate`, `.takeOver`, `.stopImpersonating`, `.end`, `.reauth`. */
export const viewasClient = () =>
  ({
    id: 'viewas',
    $InferServerPlugin: {} as ViewasPlugin,
    pathMethods: {
      '/viewas/impersonate': 'POST',
      '/viewas/take-over': 'POST',
      '/viewas/stop-impersonating': 'POST',
      '/viewas/end': 'POST',
      '/viewas/reauth': 'POST',
    },
  }) satisfies BetterAuthClientPlugin;

/** What the banner's return flow calls (`ImpersonationBanner`'s `returnToAdmin` and `signIn`), over Better Auth. */
export interface ViewasReturnActions {
  /** Ends the view and restores the admin's own session in one call (`stopImpersonating`); `signal` aborts it. */
  returnToAdmin(options: {
    signal: AbortSignal;
  }): Promise<
    | { ok: true; data: { success: boolean; adminUser: { id: string; email: string } } }
    | { ok: false; error: { code: string; message: string; status: number } }
  >;
  /** Signs nothing in (the return already did): only confirms, with `ok`, that the return went to this admin. */
  signIn(adminUserId: string): Promise<{ ok: boolean; error?: string | null }>;
}

/**
 * The banner's return over `authClient.viewas.stopImpersonating`: one call ends the view and restores the
 * admin's own session, so the banner's sign-in step only confirms it went to the admin the return named.
 */
export function viewasReturnActions(client: {
  viewas: {
    stopImpersonating(
      input?: object,
      options?: { signal?: AbortSignal },
    ): Promise<{
      data: { adminUser: { id: string; email: string } } | null;
      error: { status: number; code?: string; message?: string } | null;
    }>;
  };
}): ViewasReturnActions {
  let returnedTo: string | null = null;
  return {
    async returnToAdmin({ signal }) {
      const { data, error } = await client.viewas.stopImpersonating({}, { signal });
      if (!data) {
        return {
          ok: false,
          error: { code: error?.code ?? 'internal', message: error?.message ?? 'The return failed', status: error?.status ?? 500 },
        };
      }
      returnedTo = data.adminUser.id;
      return { ok: true, data: { success: true, adminUser: data.adminUser } };
    },
    async signIn(adminUserId) {
      return returnedTo === adminUserId ? { ok: true } : { ok: false, error: 'not_returned' };
    },
  };
}
