import type { ReactNode } from 'react';
import { Caption, Table, TableScroller, Tbody, Td, Th, Thead, Tr } from './table';

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
}

/** A captioned table of `rows`, one column per `columns` entry, that becomes stacked rows on phones. */
export function DataTable<T>({ caption, columns, rows, rowKey, rowId, busy = false }: DataTableProps<T>) {
  return (
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
          {rows.map((row) => (
            <Tr key={rowKey(row)} id={rowId?.(row)}>
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
  );
}
