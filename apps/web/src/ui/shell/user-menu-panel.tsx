'use client';

import { FloatingFocusManager, offset, shift, useDismiss, useFloating, useInteractions } from '@floating-ui/react';
import type { SessionUser } from '@viewas/session-client';
import { POPPER_DEFAULTS } from '@viewas/theme';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { Tag } from '../components/tag';
import { useResource } from '../data/use-resource';
import { useBrowserServices } from '../services/browser-services-context';
import { SignOutButton } from './sign-out-button';

const Panel = styled.div`
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  width: min(300px, calc(100vw - 32px));
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  z-index: ${({ theme }) => theme.zIndices.popover};

  &:focus {
    outline: none;
  }
`;

const Label = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Identity = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  overflow-wrap: anywhere;

  strong {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface UserMenuPanelProps {
  /** The element's id, which the trigger's `aria-controls` names. */
  id: string;
  user: SessionUser;
  /** The trigger the panel hangs from; a press on it is the trigger's own, not an outside press. */
  anchor: HTMLElement;
  onClose: () => void;
}

/**
 * The open account menu: who is signed in, their role, and sign out; in a view, whose account is
 * being viewed, how, by whom, and the way back. Focus moves in and returns to
 * the trigger; Escape, a press outside or tabbing away closes it. Fetched on the first open (with
 * the floating-ui code it needs), so no page load pays for it.
 */
export function UserMenuPanel({ id, user, anchor, onClose }: UserMenuPanelProps) {
  const { messages } = useI18n();
  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    elements: { reference: anchor },
    placement: 'bottom-end',
    middleware: [offset(POPPER_DEFAULTS.gutter), shift({ padding: POPPER_DEFAULTS.gutter })],
  });
  const { getFloatingProps } = useInteractions([useDismiss(context)]);
  // The account's display name, read when the menu first opens (the session carries only the e-mail).
  const { api } = useBrowserServices();
  const { state: settings } = useResource((signal) => api.getSettings({ signal }));
  const displayName = settings.status === 'ready' ? settings.data.displayName : null;

  return (
    <FloatingFocusManager context={context} modal={false}>
      <Panel ref={refs.setFloating} id={id} role="dialog" aria-label={messages.nav.userMenu} style={floatingStyles} {...getFloatingProps()}>
        {user.isImpersonated ? (
          <Identity>
            <Label>{messages.view.menuViewingAs}</Label>
            {displayName ? <strong>{displayName}</strong> : null}
            <strong>{user.email}</strong>
            <span>
              <Tag $tone="warning">{user.impersonationMode ? messages.viewModes[user.impersonationMode] : messages.roles[user.role]}</Tag>
            </span>
            {user.impersonator ? <span>{messages.view.menuYouAre(user.impersonator.email)}</span> : null}
            <Hint>{messages.view.returnHint}</Hint>
          </Identity>
        ) : (
          <Identity>
            <Label>{messages.nav.signedInAs}</Label>
            {displayName ? <strong>{displayName}</strong> : null}
            {displayName ? <span>{user.email}</span> : <strong>{user.email}</strong>}
            <span>
              <Tag $tone={user.role === 'admin' ? 'accent' : 'neutral'}>{messages.roles[user.role]}</Tag>
            </span>
          </Identity>
        )}
        <SignOutButton />
      </Panel>
    </FloatingFocusManager>
  );
}
