'use client';

import type { AccountNotification, NotificationsPage } from '@viewas/admin-api';
import { useCallback, useState } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { describeError } from '../data/describe-error';
import { useResource } from '../data/use-resource';
import { useBrowserServices } from '../services/browser-services-context';
import { announceUnreadCount } from './unread-count';

/** The notifications page's state: the newest page of notifications, and marking them read. */
export function useNotifications() {
  const { api } = useBrowserServices();
  const { messages } = useI18n();
  const { state, reload } = useResource<NotificationsPage>((signal) => api.listNotifications({}, { signal }));
  const [marking, setMarking] = useState<'all' | string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const markRead = useCallback(
    async (items: AccountNotification[], which: 'all' | string) => {
      const ids = items.filter((item) => item.readAt === null).map((item) => item.id);
      if (ids.length === 0) return;
      setMarking(which);
      setError(null);
      const result = await api.markNotificationsRead(ids);
      setMarking(null);
      if (!result.ok) {
        setError(describeError(result.error, messages.common.error));
        return;
      }
      announceUnreadCount(result.data.unreadCount);
      reload();
    },
    [api, messages, reload],
  );

  return { state, reload, marking, error, markRead };
}
