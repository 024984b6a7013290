'use client';

import { useI18n } from '../../i18n/i18n-context';
import { Button } from './button';

/** A card's Refresh: pending while a reload keeps the old rows on screen, off while the first load runs. */
export function RefreshButton({ onRefresh, refreshing, loading }: { onRefresh: () => void; refreshing: boolean; loading: boolean }) {
  const { messages } = useI18n();
  return (
    <Button size="sm" onClick={onRefresh} pending={refreshing} pendingLabel={messages.common.refreshing} disabled={loading}>
      {messages.common.refresh}
    </Button>
  );
}
