'use client';

import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import type { PagedList } from '../data/use-paged-list';
import { EmptyState, SkeletonRows } from './feedback';
import { LoadFailed } from './load-failed';
import { LoadMore } from './load-more';
import { DataTable, type DataTableProps } from './data-table';

export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows'> {
  list: PagedList<T>;
  /** The title of the error shown when the first page fails; its message names the cause. */
  errorTitle: string;
  emptyTitle: string;
  empty: ReactNode;
  onRetry: () => void;
  /** Not needed for a list that is never longer than one page (its `nextCursor` is always null). */
  onLoadMore?: () => void;
  /** How many placeholder rows stand in while the first page loads, and how they are announced. */
  loadingRows?: number;
  loadingLabel?: string;
}

const noMore = () => undefined;

/**
 * A list's one state at a time: placeholder rows while the first page loads, the error with a retry, the empty
 * state, or the table (stacked rows on phones) with its 'Load more' footer.
 */
export function PagedTable<T>({
  list,
  caption,
  columns,
  rowKey,
  rowId,
  errorTitle,
  emptyTitle,
  empty,
  onRetry,
  onLoadMore = noMore,
  loadingRows,
  loadingLabel,
  busy,
  rowDetail,
  phoneLayout,
}: PagedTableProps<T>) {
  const { messages } = useI18n();
  if (list.status === 'loading') return <SkeletonRows label={loadingLabel ?? messages.common.loading} rows={loadingRows} />;
  if (list.status === 'error') return <LoadFailed title={errorTitle} error={list.error} onRetry={onRetry} />;
  if (list.items.length === 0) return <EmptyState title={emptyTitle}>{empty}</EmptyState>;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={list.items}
        rowKey={rowKey}
        rowId={rowId}
        busy={busy}
        rowDetail={rowDetail}
        phoneLayout={phoneLayout}
      />
      <LoadMore nextCursor={list.nextCursor} more={list.more} onLoadMore={onLoadMore} />
    </>
  );
}
