'use client';

import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { VisuallyHidden } from '../components/visually-hidden';

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 20px;
  height: 20px;
  margin-left: ${({ theme }) => theme.space[1]};
  padding: 0 6px;
  box-sizing: border-box;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.brand500};
  color: ${({ theme }) => theme.colors.onBrand500};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

/** The unread count beside the Notifications link: a number to see, a phrase to hear. Nothing when there is none. */
export function UnreadBadge({ count }: { count: number | null }) {
  const { messages } = useI18n();
  if (!count) return null;
  return (
    <>
      <Badge aria-hidden="true">{count > 99 ? '99+' : count}</Badge>
      <VisuallyHidden>{messages.notifications.navUnreadSuffix(count)}</VisuallyHidden>
    </>
  );
}
