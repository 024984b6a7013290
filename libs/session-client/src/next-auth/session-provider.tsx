import { SessionProvider as NextAuthSessionProvider, type SessionProviderProps } from 'next-auth/react';

export type { SessionProviderProps };

/**
 * next-auth's `SessionProvider` with the refresh policy docs/product.md §4 asks for: the session is fetched
 * again whenever the window becomes visible (so a tab left open during a return to admin or an
 * ended impersonation catches up), and polling, when a host enables it, pauses while offline.
 */
export function SessionProvider({ refetchOnWindowFocus = true, refetchWhenOffline = false, ...props }: SessionProviderProps) {
  return <NextAuthSessionProvider {...props} refetchOnWindowFocus={refetchOnWindowFocus} refetchWhenOffline={refetchWhenOffline} />;
}
