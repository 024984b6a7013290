import { signIn, signOut } from 'next-auth/react';
import { IMPERSONATE_PROVIDER, RETURN_TO_ADMIN_PROVIDER } from '../lib/provider-ids';

/** How a session change went; `error` is next-auth's code (`CredentialsSignin`, ...) or a reason, for logs. */
export interface SignInOutcome {
  ok: boolean;
  error: string | null;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Signs in with a credentials provider through next-auth/react, without redirecting, and reads
 * the result safely: next-auth/react can answer `ok: true` together with an `error` (an error
 * redirect with status 200), `undefined` (it could not read the providers) or throw (network,
 * a body that is not JSON). Only a clean success counts as ok.
 */
async function signInWithCredentials(provider: string, fields: Record<string, string>): Promise<SignInOutcome> {
  try {
    const result = await signIn<'credentials'>(provider, { ...fields, redirect: false });
    if (!result) return { ok: false, error: 'next-auth returned no sign-in result' };
    if (result.error) return { ok: false, error: result.error };
    return result.ok ? { ok: true, error: null } : { ok: false, error: `HTTP ${result.status}` };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}

/** `signIn('return-to-admin', { adminUserId, redirect: false })`, as docs/product.md §4 step 3 says. */
export const signInReturnToAdmin = (adminUserId: string) => signInWithCredentials(RETURN_TO_ADMIN_PROVIDER, { adminUserId });

/** `signIn('impersonate', { impersonationId, redirect: false })`: turns a started impersonation into the session. */
export const signInImpersonation = (impersonationId: string) => signInWithCredentials(IMPERSONATE_PROVIDER, { impersonationId });

/** Signs out, then next-auth sends the browser to `url` (if the server's redirect callback allows it). */
export async function signOutTo(url: string): Promise<SignInOutcome> {
  try {
    await signOut({ callbackUrl: url });
    return { ok: true, error: null };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}
