import { useSession } from 'next-auth/react';
import { useMemo } from 'react';
import { parseSessionUser } from '../lib/parse-session';
import type { SessionUser } from '../lib/types';

/** The session as a UI needs it: a signed-in state always comes with a readable user. */
export type SessionUserState = { status: 'authenticated'; user: SessionUser } | { status: 'loading' | 'unauthenticated'; user: null };

const LOADING: SessionUserState = { status: 'loading', user: null };
const UNAUTHENTICATED: SessionUserState = { status: 'unauthenticated', user: null };

/**
 * next-auth's `useSession` mapped to `{ status, user }`. A session whose user does not have the
 * documented shape counts as signed out here: the UI never shows a half-read user (the server
 * still decides every permission). The result keeps its identity while the session does not change.
 */
export function useSessionUser(): SessionUserState {
  const { status, data } = useSession();
  const rawUser = data?.user;
  return useMemo(() => {
    if (status === 'loading') return LOADING;
    const user = status === 'authenticated' ? parseSessionUser(rawUser) : null;
    return user ? { status: 'authenticated', user } : UNAUTHENTICATED;
  }, [status, rawUser]);
}
