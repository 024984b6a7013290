'use client';

import type { SessionUser } from '@viewas/session-client';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { lazyComponent, OnDemand } from '../components/on-demand';
import { focusRing, onPhone } from '../components/styles';

// Fetched on the first open: every page shows the trigger, few open the menu.
const UserMenuPanel = lazyComponent(() => import('./user-menu-panel').then((module) => module.UserMenuPanel));

const Trigger = styled.button<{ $viewing: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 280px;
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space[2]} 0 ${({ theme }) => theme.space[1]};
  border: ${({ theme, $viewing }) => ($viewing ? `2px solid ${theme.colors.warningEmphasis}` : `1px solid ${theme.colors.border}`)};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme, $viewing }) => ($viewing ? theme.colors.warningSurface : theme.colors.surfaceRaised)};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  ${focusRing}

  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
`;

// The initial is drawn by CSS, not written as text: it is decoration, and as text it would be part of
// the button's visible label that speech-input users say ("g grace@…").
const Avatar = styled.span.attrs({ 'aria-hidden': true })`
  display: inline-grid;
  flex: none;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.brand200};
  color: ${({ theme }) => theme.colors.onBrand200};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: uppercase;

  &::before {
    content: attr(data-initial);
  }
`;

const TriggerEmail = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  ${onPhone} {
    display: none;
  }
`;

/** The account button of the top bar; it opens a panel with who is signed in, their role, and sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { messages } = useI18n();
  const [open, setOpen] = useState(false);
  // State, not a ref: the panel needs the element itself to hang from.
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  const panelId = useId();

  return (
    <>
      <Trigger
        ref={setTrigger}
        $viewing={user.isImpersonated}
        type="button"
        aria-label={messages.nav.userMenuButton(user.email)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <Avatar data-initial={user.email.charAt(0)} />
        <TriggerEmail>{user.email}</TriggerEmail>
      </Trigger>
      {open && trigger ? (
        <OnDemand onLoadFailed={() => setOpen(false)}>
          <UserMenuPanel id={panelId} user={user} anchor={trigger} onClose={() => setOpen(false)} />
        </OnDemand>
      ) : null}
    </>
  );
}
