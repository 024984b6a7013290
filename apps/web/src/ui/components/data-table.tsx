import { Fragment, type ReactNode } from 'react';
import { Caption, DetailTd, Table, TableScroller, Tbody, Td, Th, Thead, Tr } from './table';

export interface DataTableColumn<T> {
  /** The column header, and each cell's `data-label`: what the phone layout shows in front of the value. */
  label: string;
  cell: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  /** The table's name for screen readers (visually hidden). */
  caption: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A row's element id, for a link to it (`#id`); the row so linked is marked while it is the target. */
  rowId?: (row: T) => string;
  /** The rows are being read again (`aria-busy`). */
  busy?: boolean;
  /**
   * A row's disclosure: a full-width row under it, `id` for the `aria-controls` of the button that
   * opens it, its content shown only while `open`.
   */
  rowDetail?: (row: T) => RowDetail | null;
  /**
   * On phones: `stacked` (each cell on its own line behind its column's name) or `compact` (the first
   * cell on a line, the rest side by side unlabelled: for short, self-explaining values).
   */
  phoneLayout?: 'stacked' | 'compact';
}

export interface RowDetail {
  id: string;
  open: boolean;
  content: ReactNode;
}

/** A captioned table of `rows`, one column per `columns` entry, that becomes stacked rows on phones. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowId,
  busy = false,
  rowDetail,
  phoneLayout = 'stacked',
}: DataTableProps<T>) {
  return (
    <TableScroller>
      <Table aria-busy={busy || undefined} data-phone-layout={phoneLayout}>
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
          {rows.map((row) => {
            const detail = rowDetail?.(row) ?? null;
            return (
              <Fragment key={rowKey(row)}>
                <Tr id={rowId?.(row)} data-has-detail={detail ? (detail.open ? 'open' : 'closed') : undefined}>
                  {columns.map((column) => (
                    <Td key={column.label} data-label={column.label}>
                      {column.cell(row)}
                    </Td>
                  ))}
                </Tr>
                {detail ? (
                  <Tr hidden={!detail.open}>
                    <DetailTd id={detail.id} colSpan={columns.length}>
                      {detail.open ? detail.content : null}
                    </DetailTd>
                  </Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Tbody>
      </Table>
    </TableScroller>
  );
}
