import * as floating from '@floating-ui/react';
import { css, keyframes, styled } from 'styled-components';
import type { BannerTexts } from '../defaults';
import type { ViewMode } from '../types';
import type { AdminModePanelState } from '../hooks/use-admin-mode-panel';
import { useCountdown } from '../hooks/use-countdown';
import { fadeIn, focusRing, hiddenInPrint, reducedMotion, VisuallyHidden } from '../shared/styles';

export interface AdminModePanelProps {
  email: string;
  expiresAt?: string;
  mode?: ViewMode;
  now?: () => number;
  pending: boolean;
  onReturn: () => void;
  texts: BannerTexts;
  /** The floating-ui wiring from `useAdminModePanel`. */
  panel: AdminModePanelState;
}

// The entrance fades opacity only: the panel's transform belongs to floating-ui.
const Panel = styled.div(
  ({ theme: t }) => css`
    z-index: ${t.zIndices.popover};
    box-sizing: border-box;
    width: min(320px, calc(100vw - 16px));
    padding: ${t.space[4]};
    border: 1px solid ${t.colors.border};
    border-radius: ${t.radii.lg};
    background: ${t.colors.surfaceRaised};
    color: ${t.colors.text};
    box-shadow: ${t.shadows.lg};
    font: ${t.fontSizes.sm} / ${t.lineHeights.normal} ${t.fonts.body};
    animation: ${fadeIn} ${t.motion.durationNormal} ${t.motion.easing};
    ${reducedMotion}
    ${hiddenInPrint}
  `,
);

const Arrow = styled(floating.FloatingArrow)(
  ({ theme: t }) => css`
    fill: ${t.colors.surfaceRaised};
    & > path:first-of-type {
      stroke: ${t.colors.border};
    }
    & > path + path {
      stroke: ${t.colors.surfaceRaised};
    }
  `,
);

const Title = styled.h2(
  ({ theme: t }) => css`
    margin: 0 0 ${t.space[3]};
    color: ${t.colors.error};
    font-size: ${t.fontSizes.xs};
    letter-spacing: 0.08em;
  `,
);

const Muted = styled.p(
  ({ theme: t }) => css`
    margin: 0;
    color: ${t.colors.textMuted};
  `,
);

const Email = styled.p(
  ({ theme: t }) => css`
    margin: ${t.space[1]} 0 0;
    font-weight: ${t.fontWeights.semibold};
    overflow-wrap: anywhere;
  `,
);

const Countdown = styled(Muted)(
  ({ theme: t }) => css`
    margin-top: ${t.space[2]};
    font-size: ${t.fontSizes.xs};
  `,
);

const spin = keyframes`
  to {
    transform: rotate(1turn);
  }
`;

// The spinner while returning is the busy button's ::before, so screen readers hear only its name.
// Edged in brand200 like the badge, so the dark-slate button stays distinct on dark surfaces.
const ReturnButton = styled.button(
  ({ theme: t }) => css`
    display: flex;
    gap: ${t.space[2]};
    align-items: center;
    justify-content: center;
    width: 100%;
    min-height: 40px;
    margin-top: ${t.space[4]};
    border: 1px solid ${t.colors.brand200};
    border-radius: ${t.radii.md};
    background: ${t.colors.brand500};
    color: ${t.colors.onBrand500};
    font: inherit;
    font-weight: ${t.fontWeights.semibold};
    cursor: pointer;
    &:hover {
      filter: brightness(1.2);
    }
    &[aria-busy='true'] {
      cursor: progress;
      filter: none;
      opacity: 0.8;
      &::before {
        content: '';
        width: 12px;
        height: 12px;
        border: 2px solid;
        border-right-color: transparent;
        border-radius: 50%;
        animation: ${spin} 0.8s linear infinite;
        ${reducedMotion}
      }
    }
    ${focusRing(t)}
  `,
);

/** The panel's view: who is being impersonated, for how long, and the way back. */
export function AdminModePanel({ email, expiresAt, mode, now, pending, onReturn, texts, panel }: AdminModePanelProps) {
  const countdown = useCountdown(expiresAt, now, texts);
  return (
    <Panel ref={panel.refs.setFloating} style={panel.floatingStyles} {...panel.getFloatingProps()} aria-labelledby={panel.titleId}>
      <Arrow ref={panel.arrowRef} context={panel.context} width={16} height={8} strokeWidth={1} />
      <Title id={panel.titleId}>{texts.panelTitle}</Title>
      <Muted>{texts.viewingAsLabel}</Muted>
      <Email>{email}</Email>
      {countdown && <Countdown>{countdown}</Countdown>}
      {mode && <Muted>{texts[mode]}</Muted>}
      <ReturnButton
        type="button"
        // aria-disabled, not disabled: a disabled button drops keyboard focus and would close the panel.
        aria-disabled={pending}
        aria-busy={pending}
        onClick={pending ? undefined : onReturn}
      >
        {texts.returnButtonLabel}
      </ReturnButton>
      <VisuallyHidden role="status">{pending ? texts.pendingAnnouncement : ''}</VisuallyHidden>
    </Panel>
  );
}
