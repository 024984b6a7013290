import type { Staff } from '@viewas/impersonation-core';
import type { SessionUser } from '@viewas/session-client';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getServerContext } from '../../server/app/server-context';
import { signInRedirectPath } from './sign-in-redirect';

/** The signed-in user, from the session cookie alone (no database for an ordinary session); once per request. */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => getServerContext().getCurrentSession(await cookies()));

/** The signed-in user, or off to the sign-in page with a way back to `callbackPath`. */
export async function requireUser(callbackPath: string): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(signInRedirectPath(callbackPath));
  return user;
}

/**
 * The user and their staff record if the database says they are an active admin in their own (not
 * impersonated) session; the role in the cookie alone is not enough for the admin page.
 */
export async function getVerifiedAdmin(): Promise<{ user: SessionUser; staff: Staff } | null> {
  return getServerContext().getAdminSession(await cookies());
}
