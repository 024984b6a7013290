import { FloatingArrow } from '@floating-ui/react';
import styled, { keyframes } from 'styled-components';
import { PANEL_TITLE, PENDING_ANNOUNCEMENT, RETURN_BUTTON_LABEL, VIEWING_AS_LABEL } from '../constants';
import type { useAdminModePanel } from '../hooks/use-admin-mode-panel';
import { useCountdown } from '../hooks/use-countdown';
import { focusRing, hiddenInPrint, reducedMotion, VisuallyHidden } from './shared-styles';

export interface AdminModePanelProps {
  email: string;
  expiresAt?: string;
  now?: () => number;
  pending: boolean;
  onReturn: () => void;
  /** The floating-ui wiring from `useAdminModePanel`. */
  panel: ReturnType<typeof useAdminModePanel>;
}

const enter = keyframes`
  from { opacity: 0; transform: translateY(4px); }
`;

const Panel = styled.div`
  z-index: ${({ theme }) => theme.zIndices.popover};
  box-sizing: border-box;
  width: min(320px, calc(100vw - 16px));
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  ${hiddenInPrint}
`;

// A child carries the entrance motion: the panel's own transform belongs to floating-ui.
const Content = styled.div`
  animation: ${enter} ${({ theme }) => `${theme.motion.durationFast} ${theme.motion.easing}`};
  ${reducedMotion}
`;

const Arrow = styled(FloatingArrow)`
  fill: ${({ theme }) => theme.colors.surfaceRaised};
  & > path:first-of-type {
    stroke: ${({ theme }) => theme.colors.border};
  }
  & > path:nth-of-type(2) {
    stroke: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.error};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: 0.08em;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Email = styled.p`
  margin: ${({ theme }) => `${theme.space[1]} 0 0`};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  overflow-wrap: anywhere;
`;

const Countdown = styled(Muted)`
  margin-top: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Spinner = styled.span`
  width: 14px;
  height: 14px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  ${reducedMotion}
`;

const ReturnButton = styled.button`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: 40px;
  margin-top: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brand500};
  color: ${({ theme }) => theme.colors.onBrand500};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  transition: filter ${({ theme }) => theme.motion.durationFast};
  &:hover {
    filter: brightness(1.2);
  }
  &[aria-busy='true'] {
    cursor: progress;
    filter: none;
    opacity: 0.8;
  }
  ${focusRing}
  ${reducedMotion}
`;

/** The panel's view: who is being impersonated, for how long, and the way back. */
export function AdminModePanel({ email, expiresAt, now, pending, onReturn, panel }: AdminModePanelProps) {
  const countdown = useCountdown(expiresAt, now);
  return (
    <Panel
      ref={panel.refs.setFloating}
      style={panel.floatingStyles}
      {...panel.getFloatingProps()}
      aria-labelledby={panel.titleId}
      data-state="open"
    >
      <Arrow ref={panel.arrowRef} context={panel.context} width={16} height={8} strokeWidth={1} />
      <Content>
        <Title id={panel.titleId}>{PANEL_TITLE}</Title>
        <Muted>{VIEWING_AS_LABEL}</Muted>
        <Email>{email}</Email>
        {countdown ? <Countdown>{countdown}</Countdown> : null}
        <ReturnButton
          type="button"
          // aria-disabled, not disabled: a disabled button drops keyboard focus and would close the panel.
          aria-disabled={pending}
          aria-busy={pending}
          onClick={pending ? undefined : onReturn}
        >
          {pending ? <Spinner aria-hidden="true" /> : null}
          {RETURN_BUTTON_LABEL}
        </ReturnButton>
        <VisuallyHidden role="status">{pending ? PENDING_ANNOUNCEMENT : ''}</VisuallyHidden>
      </Content>
    </Panel>
  );
}
