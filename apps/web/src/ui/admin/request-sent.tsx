'use client';

import type { ImpersonatePendingResponse } from '@viewas/admin-api';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';

const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.infoSurface};
  color: ${({ theme }) => theme.colors.text};
`;

/** Said in the start dialog when the view waits for approval: whom it waits for, and where to follow it. */
export function RequestSent({ approvers }: { approvers: ImpersonatePendingResponse['approvers'] }) {
  const { messages } = useI18n();
  const t = messages.consent;
  return <Notice role="status">{t.requested(approvers.map((approver) => t.awaiting[approver]).join(t.and))}</Notice>;
}
