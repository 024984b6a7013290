'use client';

import type { SessionUser } from '@viewas/session-client';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { LocalTime } from '../components/local-time';
import { onPhone } from '../components/styles';

/** The bar's height: the badge (fixed 16px from the bottom, about 36px tall) sits inside it with room to spare. */
export const VIEW_BAR_HEIGHT_PX = 68;
/** Room the bar keeps on its left for the badge, which the banner library places at 16px from the left. */
const BADGE_ROOM_PX = 168;

// Below the badge (zIndices.banner) and its panel, above the page.
const Frame = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.banner - 1};
  border: 3px solid ${({ theme }) => theme.colors.warningEmphasis};
  pointer-events: none;

  @media print {
    display: none;
  }
`;

const Bar = styled.section`
  position: fixed;
  right: 0;
  bottom: 0;
  left: 0;
  z-index: ${({ theme }) => theme.zIndices.banner - 1};
  display: flex;
  align-items: center;
  min-height: ${VIEW_BAR_HEIGHT_PX}px;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[5]}`} ${({ theme }) => theme.space[2]} ${BADGE_ROOM_PX}px;
  border-top: 3px solid ${({ theme }) => theme.colors.warningEmphasis};
  background: ${({ theme }) => theme.colors.warningSurface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  ${onPhone} {
    padding-right: ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }

  p {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  strong {
    color: ${({ theme }) => theme.colors.warning};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }

  @media print {
    display: none;
  }
`;

// On a phone the bar keeps to whose account and how; the end time is in the badge's panel.
const Until = styled.span`
  ${onPhone} {
    display: none;
  }
`;

/**
 * Marks a view on every page, beyond the badge: a warning-coloured frame around the window and a bar
 * along its bottom that says whose account this is, how, and until when. The bar is where the badge
 * sits, and the page keeps its height free at the bottom, so the badge covers none of the page.
 */
export function ViewFrame({ user }: { user: SessionUser | null }) {
  const { messages } = useI18n();
  if (!user?.isImpersonated) return null;
  const t = messages.view;
  return (
    <>
      <Frame aria-hidden="true" />
      <Bar aria-label={t.frame(user.email)}>
        <p>
          <strong>{t.frame(user.email)}</strong>
          {user.impersonationMode ? <> · {messages.viewModes[user.impersonationMode]}</> : null}
          {user.impersonationExpiresAt ? (
            <Until>
              {' '}
              · {t.endsAt} <LocalTime iso={user.impersonationExpiresAt} />
            </Until>
          ) : null}
        </p>
      </Bar>
    </>
  );
}
