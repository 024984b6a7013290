'use client';

import { useCallback, useEffect, useState } from 'react';
import { useBrowserServices } from '../services/browser-services-context';

/** How often the top bar asks for the unread count while the tab is visible. */
export const UNREAD_POLL_MS = 60_000;
const UNREAD_EVENT = 'viewas:unread-count';

/** Tells the top bar the new count at once (after marking read) rather than at its next poll. */
export function announceUnreadCount(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(UNREAD_EVENT, { detail: count }));
}

/**
 * The signed-in user's unread notifications: read after the page has painted, again every minute
 * while the tab is visible and whenever it becomes visible; `null` until known (or when it cannot be read).
 */
export function useUnreadCount(enabled: boolean): number | null {
  const { api } = useBrowserServices();
  const [count, setCount] = useState<number | null>(null);

  const refresh = useCallback(async () => {
    const result = await api.listNotifications({});
    setCount(result.ok ? result.data.unreadCount : null);
  }, [api]);

  useEffect(() => {
    if (!enabled) return;
    void refresh();
    const timer = setInterval(() => document.visibilityState === 'visible' && void refresh(), UNREAD_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    const onAnnounce = (event: Event) => setCount((event as CustomEvent<number>).detail);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(UNREAD_EVENT, onAnnounce);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(UNREAD_EVENT, onAnnounce);
    };
  }, [enabled, refresh]);

  return enabled ? count : null;
}
