'use client';

import { FloatingFocusManager, offset, shift, useClick, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';
import type { SessionUser } from '@viewas/session-client';
import { POPPER_DEFAULTS } from '@viewas/theme';
import { useState } from 'react';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { focusRing, onPhone } from '../components/styles';
import { Tag } from '../components/tag';
import { SignOutButton } from './sign-out-button';

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 280px;
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space[2]} 0 ${({ theme }) => theme.space[1]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  ${focusRing}

  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
`;

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
`;

const TriggerEmail = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  ${onPhone} {
    display: none;
  }
`;

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

/** The account button of the top bar: who is signed in, their role, and sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { messages } = useI18n();
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'bottom-end',
    middleware: [offset(POPPER_DEFAULTS.gutter), shift({ padding: POPPER_DEFAULTS.gutter })],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useClick(context), useDismiss(context), useRole(context)]);

  return (
    <>
      <Trigger ref={refs.setReference} aria-label={`${messages.nav.userMenu}: ${user.email}`} {...getReferenceProps()}>
        <Avatar>{user.email.charAt(0)}</Avatar>
        <TriggerEmail>{user.email}</TriggerEmail>
      </Trigger>
      {open ? (
        <FloatingFocusManager context={context} modal={false}>
          <Panel ref={refs.setFloating} style={floatingStyles} aria-label={messages.nav.userMenu} {...getFloatingProps()}>
            <Identity>
              <Label>{messages.nav.signedInAs}</Label>
              <strong>{user.email}</strong>
              <span>
                <Tag $tone={user.role === 'admin' ? 'accent' : 'neutral'}>{messages.roles[user.role]}</Tag>
              </span>
            </Identity>
            <SignOutButton />
          </Panel>
        </FloatingFocusManager>
      ) : null}
    </>
  );
}
