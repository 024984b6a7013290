/** @jest-environment jsdom */
import type { ApiClientError } from '@viewas/admin-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from '../../../testing/ui/axe';
import { renderWithApp } from '../../../testing/ui/render';
import type { PagedList } from '../data/use-paged-list';
import { PagedTable } from './paged-table';

interface Row {
  id: string;
  email: string;
  role: string;
}

const rows: Row[] = [
  { id: 'u1', email: 'grace@example.com', role: 'Admin' },
  { id: 'u2', email: 'alan@example.com', role: 'User' },
];
const error: ApiClientError = { code: 'unavailable', message: 'The database is down', status: 503 };
const ready = (items: Row[], nextCursor: string | null = null, more: 'idle' | 'loading' | ApiClientError = 'idle'): PagedList<Row> => ({
  status: 'ready',
  items,
  nextCursor,
  more,
});

function setup(list: PagedList<Row>, props: { busy?: boolean } = {}) {
  const onRetry = jest.fn();
  const onLoadMore = jest.fn();
  const rendered = renderWithApp(
    <PagedTable
      list={list}
      caption="People"
      columns={[
        { label: 'E-mail', cell: (row) => row.email },
        { label: 'Role', cell: (row) => row.role },
      ]}
      rowKey={(row) => row.id}
      errorTitle="People could not be loaded"
      emptyTitle="Nobody yet"
      empty="People appear here once they sign up."
      onRetry={onRetry}
      onLoadMore={onLoadMore}
      {...props}
    />,
  );
  return { ...rendered, onRetry, onLoadMore };
}

describe('PagedTable', () => {
  it('shows only the loading placeholder while the first page loads', () => {
    setup({ status: 'loading' });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('names the failure and retries on request, without a table', async () => {
    const { onRetry } = setup({ status: 'error', error });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('People could not be loaded');
    expect(alert).toHaveTextContent('The service is temporarily unavailable. Try again in a moment.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says the list is empty instead of drawing an empty table', () => {
    setup(ready([]));
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    expect(screen.getByText('People appear here once they sign up.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('draws a named table whose cells carry their column name for the phone layout, and passes axe', async () => {
    const { container } = setup(ready(rows));
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['E-mail', 'Role']);
    const first = within(table).getAllByRole('row')[1] ?? table;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => [cell.getAttribute('data-label'), cell.textContent]),
    ).toEqual([
      ['E-mail', 'grace@example.com'],
      ['Role', 'Admin'],
    ]);
    expect(table).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers the next page while there is one, and marks the table busy while it is read again', async () => {
    const { onLoadMore } = setup(ready(rows, 'cursor-2'), { busy: true });
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows when the next page fails, and says so', () => {
    setup(ready(rows, 'cursor-2', error));
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('More entries could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
