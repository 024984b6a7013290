'use client';

import type { SessionStatus, SessionUser } from '@viewas/session-client';
import { useEffect, useRef } from 'react';

/** Who the page is for: the user, and the admin viewing as them, if any. */
export function sessionIdentity(user: SessionUser | null): string {
  return user ? `${user.id}|${user.impersonator?.id ?? ''}` : 'anonymous';
}

/** How long after a sign of change elsewhere a new session counts as "changed elsewhere". */
export const ELSEWHERE_WINDOW_MS = 5000;

/**
 * A session changed by another tab reaches this one in two ways: next-auth's cross-tab message
 * (a `storage` event for `nextauth.message`) and the refetch when the tab becomes visible again.
 */
export function subscribeToChangesElsewhere(onSign: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === 'nextauth.message') onSign();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') onSign();
  };
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

export interface SessionChangeRefreshOptions {
  /** The user the server rendered this page for. */
  renderedUser: SessionUser | null;
  /** The live client session. */
  live: { status: SessionStatus; user: SessionUser | null };
  /** Re-renders the server components (`router.refresh`). */
  refresh: () => void;
  subscribe?: (onSign: () => void) => () => void;
  now?: () => number;
}

/**
 * The page body is server-rendered for one user. When the session changes under it from elsewhere
 * (another tab returned to the admin account, signed out, or started a view as someone), re-render
 * it once for the new session instead of showing one person's page under another person's top bar.
 * Changes this tab makes itself are left alone: its own flows navigate on their own, and a refresh
 * racing them would win.
 */
export function useRefreshOnSessionChange({
  renderedUser,
  live,
  refresh,
  subscribe = subscribeToChangesElsewhere,
  now = Date.now,
}: SessionChangeRefreshOptions): void {
  const refreshedFor = useRef<string | null>(null);
  const lastSignElsewhereAt = useRef(Number.NEGATIVE_INFINITY);
  const rendered = sessionIdentity(renderedUser);
  const current = live.status === 'loading' ? rendered : sessionIdentity(live.user);

  useEffect(
    () =>
      subscribe(() => {
        lastSignElsewhereAt.current = now();
      }),
    [subscribe, now],
  );

  useEffect(() => {
    if (current === rendered) {
      refreshedFor.current = null;
      return;
    }
    if (refreshedFor.current === current || now() - lastSignElsewhereAt.current > ELSEWHERE_WINDOW_MS) return;
    refreshedFor.current = current;
    refresh();
  }, [current, rendered, refresh, now]);
}
