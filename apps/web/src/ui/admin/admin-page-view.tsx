'use client';

import type { AdminUserSummary } from '@viewas/admin-api';
import { useState } from 'react';
import styled from 'styled-components';
import type { Locale } from '../../i18n/locales';
import { getMessages } from '../../i18n/messages';
import { PageHeader } from '../components/page-header';
import { ActiveImpersonations } from './active-impersonations';
import { Ledger } from './ledger';
import { ReasonDialog } from './reason-dialog';
import { UserSearch } from './user-search';

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
`;

/** `/223/user-impersonation`: find a user and view as them, see who is viewing as whom, read the ledger. */
export function AdminPageView({ lang }: { lang: Locale }) {
  const t = getMessages(lang).admin;
  const [viewing, setViewing] = useState<AdminUserSummary | null>(null);
  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <Sections>
        <UserSearch onViewAs={setViewing} />
        <ActiveImpersonations />
        <Ledger />
      </Sections>
      {viewing ? <ReasonDialog key={viewing.id} user={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}
