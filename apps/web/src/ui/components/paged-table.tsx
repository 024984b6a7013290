'use client';

import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import type { PagedList } from '../data/use-paged-list';
import { EmptyState, SkeletonRows } from './feedback';
import { LoadFailed } from './load-failed';
import { LoadMore } from './load-more';
import { Caption, Table, TableScroller, Tbody, Td, Th, Thead, Tr } from './table';

export interface PagedTableColumn<T> {
  /** The column header, and each cell's `data-label`: what the phone layout shows in front of the value. */
  label: string;
  cell: (row: T) => ReactNode;
}

export interface PagedTableProps<T> {
  list: PagedList<T>;
  /** The table's name for screen readers (visually hidden). */
  caption: string;
  columns: readonly PagedTableColumn<T>[];
  rowKey: (row: T) => string;
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
  /** The rows are being read again (`aria-busy`). */
  busy?: boolean;
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
  errorTitle,
  emptyTitle,
  empty,
  onRetry,
  onLoadMore = noMore,
  loadingRows,
  loadingLabel,
  busy = false,
}: PagedTableProps<T>) {
  const { messages } = useI18n();
  if (list.status === 'loading') return <SkeletonRows label={loadingLabel ?? messages.common.loading} rows={loadingRows} />;
  if (list.status === 'error') return <LoadFailed title={errorTitle} error={list.error} onRetry={onRetry} />;
  if (list.items.length === 0) return <EmptyState title={emptyTitle}>{empty}</EmptyState>;
  return (
    <>
      <TableScroller>
        <Table aria-busy={busy || undefined}>
          <Caption>{caption}</Caption>
          <Thead>
            <Tr>
              {columns.map((column) => (
                <Th key={column.label} scope="col">
                  {column.label}
                </Th>
              ))}
            </Tr>
          </Thead>
          <Tbody>
            {list.items.map((row) => (
              <Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Td key={column.label} data-label={column.label}>
                    {column.cell(row)}
                  </Td>
                ))}
              </Tr>
            ))}
          </Tbody>
        </Table>
      </TableScroller>
      <LoadMore nextCursor={list.nextCursor} more={list.more} onLoadMore={onLoadMore} />
    </>
  );
}
