'use client';

import type { SessionUser } from '@viewas/session-client';
import { useSessionUser } from '@viewas/session-client/next-auth';

/**
 * The signed-in user: the live client session once it has loaded, and until then the user the
 * server rendered the page for, so nothing that depends on the user waits for a round trip.
 */
export function useCurrentUser(initialUser: SessionUser | null): SessionUser | null {
  const { status, user } = useSessionUser();
  return status === 'loading' ? initialUser : user;
}
