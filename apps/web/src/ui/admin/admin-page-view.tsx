'use client';

import type { AdminUserSummary } from '@viewas/admin-api';
import type { SessionUser } from '@viewas/session-client';
import { useState } from 'react';
import styled from 'styled-components';
import type { Locale } from '../../i18n/locales';
import { getMessages } from '../../i18n/messages';
import { lazyComponent, OnDemand } from '../components/on-demand';
import { PageHeader } from '../components/page-header';
import { AccessRequests } from './access-requests';
import { ActiveImpersonations } from './active-impersonations';
import type { AdminPageData } from './admin-page-data';
import { EndedViewNotice } from './ended-view-notice';
import { Ledger } from './ledger';
import { LedgerIntegrity } from './ledger-integrity';
import { API_REFERENCE_PATH } from '../routes';
import { UserSearch } from './user-search';

// Fetched on the first 'View as', not with the page: the dialog, its focus trap and the form.
const ReasonDialog = lazyComponent(() => import('./reason-dialog').then((module) => module.ReasonDialog));

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
`;

export interface AdminPageViewProps {
  lang: Locale;
  /** Read on the server, so every section arrives filled and nothing moves on hydration. */
  initial: AdminPageData;
  /** The staff member reading the page: a request they cannot act on says why. */
  reader?: Pick<SessionUser, 'id' | 'role'>;
}

/**
 * `/223/user-impersonation`, ordered by what needs action: requests awaiting the reader, the views
 * running now, then find a user and view as them, and the ledger.
 */
export function AdminPageView({ lang, initial, reader }: AdminPageViewProps) {
  const t = getMessages(lang).admin;
  const [viewing, setViewing] = useState<AdminUserSummary | null>(null);
  const [requestsKey, setRequestsKey] = useState(0);
  return (
    <>
      <PageHeader
        title={t.title}
        description={
          <>
            {t.description} {t.apiPrefix} <a href={API_REFERENCE_PATH}>{t.apiLink}</a>.
          </>
        }
      />
      {initial.endedView ? <EndedViewNotice ended={initial.endedView} /> : null}
      <Sections>
        {/* What waits for the reader first, then what runs now, then the directory to start from. */}
        <AccessRequests initial={initial.requests} reader={reader} refreshKey={requestsKey} />
        <ActiveImpersonations initial={initial.active} />
        <UserSearch onViewAs={setViewing} firstPage={initial.users} />
        <Ledger firstPage={initial.ledger} />
        <LedgerIntegrity checkpoint={initial.checkpoint} />
      </Sections>
      {viewing ? (
        <OnDemand onLoadFailed={() => setViewing(null)}>
          <ReasonDialog
            key={viewing.id}
            user={viewing}
            onClose={({ requested }) => {
              setViewing(null);
              if (requested) setRequestsKey((key) => key + 1);
            }}
          />
        </OnDemand>
      ) : null}
    </>
  );
}
