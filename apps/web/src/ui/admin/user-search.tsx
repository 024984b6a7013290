'use client';

import type { AdminUserSummary, ApiResult, UsersPage } from '@viewas/admin-api';
import { useState } from 'react';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import type { Messages } from '../../i18n/messages.en';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { TextField } from '../components/field';
import { PagedTable } from '../components/paged-table';
import { CellNote, TableFooter } from '../components/table';
import { Tag } from '../components/tag';
import { VisuallyHidden } from '../components/visually-hidden';
import { mapResult } from '../data/map-result';
import { useDebouncedValue } from '../data/use-debounced-value';
import { usePagedList } from '../data/use-paged-list';
import { useBrowserServices } from '../services/browser-services-context';
import { EndSessionsButton } from './end-sessions-button';
import { USERS_PAGE_SIZE } from '@viewas/admin-api';

export { USERS_PAGE_SIZE };

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

/** With nothing typed, the directory shows this many users until the reader asks for all. */
export const DIRECTORY_PREVIEW = 5;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Email = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

export interface UserSearchProps {
  /** Called with the user whose 'View as' was pressed. */
  onViewAs: (user: AdminUserSummary) => void;
  /** The first page for an empty search, when the server already read it. */
  firstPage?: ApiResult<UsersPage>;
}

/** Search users as you type; each row says whether and why (not) the user can be viewed as. */
export function UserSearch({ onViewAs, firstPage }: UserSearchProps) {
  const { messages } = useI18n();
  const t = messages.admin.search;
  const { api } = useBrowserServices();
  const [query, setQuery] = useState('');
  const term = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const { state, loadMore, reload } = usePagedList<AdminUserSummary>(
    async (cursor, signal) =>
      mapResult(await api.listUsers({ query: term || undefined, cursor, limit: USERS_PAGE_SIZE }, { signal }), toPage),
    term,
    firstPage && mapResult(firstPage, toPage),
  );

  const announcement = state.status === 'ready' ? t.results(state.items.length, state.nextCursor !== null) : '';
  // Unfiltered, the directory is a preview: the page leads with what needs action, not with every user.
  const [showAll, setShowAll] = useState(false);
  const previewing = !term && state.status === 'ready' && state.items.length > DIRECTORY_PREVIEW;
  const list = previewing && !showAll ? { ...state, items: state.items.slice(0, DIRECTORY_PREVIEW), nextCursor: null } : state;

  return (
    <Card title={t.heading}>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          type="search"
          label={t.label}
          placeholder={t.placeholder}
          hint={t.hint}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </form>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <PagedTable
        list={list}
        caption={t.caption}
        columns={[
          {
            label: t.columns.user,
            cell: (user) => (
              <>
                <Email>{user.email}</Email>
                {user.name ? <CellNote>{user.name}</CellNote> : null}
              </>
            ),
          },
          {
            label: t.columns.role,
            cell: (user) => <Tag $tone={user.role === 'admin' ? 'accent' : 'neutral'}>{messages.roles[user.role]}</Tag>,
          },
          {
            label: t.columns.status,
            cell: (user) => <Tag $tone={user.status === 'active' ? 'success' : 'error'}>{t.status[user.status]}</Tag>,
          },
          {
            label: t.columns.action,
            cell: (user) => (
              <Actions>
                {user.impersonable ? (
                  <Button size="sm" variant="secondary" aria-label={t.viewAsLabel(user.email)} onClick={() => onViewAs(user)}>
                    {t.viewAs}
                  </Button>
                ) : (
                  <Muted>{whyNot(user, t.notImpersonable, messages.roles)}</Muted>
                )}
                <EndSessionsButton user={user} />
              </Actions>
            ),
          },
        ]}
        rowKey={(user) => user.id}
        phoneLayout="compact"
        errorTitle={t.error}
        emptyTitle={t.emptyTitle}
        empty={t.empty}
        onRetry={reload}
        onLoadMore={loadMore}
      />
      {previewing ? (
        <TableFooter>
          <Button size="sm" variant="ghost" aria-expanded={showAll} onClick={() => setShowAll((shown) => !shown)}>
            {showAll ? t.showFewer(DIRECTORY_PREVIEW) : t.showAll}
          </Button>
        </TableFooter>
      ) : null}
    </Card>
  );
}

const toPage = (page: UsersPage) => ({ items: page.users, nextCursor: page.nextCursor });

/** Why the policy refuses a view of this user, in words; the server names the rule (older servers may not). */
function whyNot(user: AdminUserSummary, texts: Messages['admin']['search']['notImpersonable'], roles: Messages['roles']): string {
  const rule = user.notImpersonableReason ?? (user.status === 'disabled' ? 'target_disabled' : 'target_role_not_allowed');
  const text = texts[rule];
  return typeof text === 'function' ? text(roles[user.role].toLowerCase()) : text;
}
