'use client';

import type { ApiClientError } from '@viewas/admin-api';
import { useI18n } from '../../i18n/i18n-context';
import { describeError } from '../data/describe-error';
import { Button } from './button';
import { ErrorState } from './feedback';
import { TableFooter } from './table';

export interface LoadMoreProps {
  nextCursor: string | null;
  /** `idle`, `loading`, or why the last attempt failed. */
  more: 'idle' | 'loading' | ApiClientError;
  onLoadMore: () => void;
}

/** The 'Load more' footer of a paginated list; gone once the last page is in. */
export function LoadMore({ nextCursor, more, onLoadMore }: LoadMoreProps) {
  const { messages } = useI18n();
  if (nextCursor === null) return null;
  const error = typeof more === 'object' ? more : null;
  return (
    <TableFooter>
      {error ? <ErrorState title={messages.common.loadMoreFailed} message={describeError(error, messages.common.error)} /> : null}
      <Button pending={more === 'loading'} pendingLabel={messages.common.loadingMore} onClick={onLoadMore}>
        {error ? messages.common.retry : messages.common.loadMore}
      </Button>
    </TableFooter>
  );
}
