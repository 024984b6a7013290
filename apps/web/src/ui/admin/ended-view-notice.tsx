'use client';

import styled from 'styled-components';
import { formatDuration } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n-context';
import { focusRing } from '../components/styles';
import type { EndedView } from './admin-page-data';
import { ledgerEntryId } from './ledger';

const Box = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  margin-bottom: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.successSurface};

  h2 {
    margin: 0;
    color: ${({ theme }) => theme.colors.success};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  a {
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    ${focusRing}
  }
`;

/** At the top of the admin page on the way back from a view: which view ended, how, after how long, and its ledger entry. */
export function EndedViewNotice({ ended }: { ended: EndedView }) {
  const { messages } = useI18n();
  const t = messages.admin.endedView;
  const { view, ledgerEntryId: entry } = ended;
  const started = view.startedAt ?? view.createdAt;
  const lasted = view.endedAt ? formatDuration(Date.parse(view.endedAt) - Date.parse(started), messages.duration) : null;
  return (
    <Box aria-labelledby="ended-view-title">
      <div>
        <h2 id="ended-view-title">{t.title(view.target.email)}</h2>
        <p>
          {view.endReason ? t.endReasons[view.endReason] : null}
          {lasted ? ` ${t.lasted(lasted)}` : null} · {messages.viewModes[view.mode]}
        </p>
      </div>
      {entry ? <a href={`#${ledgerEntryId(entry)}`}>{t.ledgerLink}</a> : null}
    </Box>
  );
}
