'use client';

import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useId, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { onPhone } from './styles';

const Overlay = styled(FloatingOverlay)`
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.overlay};
  z-index: ${({ theme }) => theme.zIndices.popover};
`;

const Panel = styled.div`
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: min(520px, 100%);
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  ${onPhone} {
    padding: 16px;
  }

  &:focus {
    outline: none;
  }
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface DialogProps {
  open: boolean;
  /** Called with false when the user presses Escape or clicks outside (unless `dismissible` is false). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** False while an action runs, so it is not abandoned half-way. */
  dismissible?: boolean;
  /** The element to focus on open (default: the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** `alertdialog` for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

/**
 * A modal dialog: focus moves in and is trapped until it closes, then returns to the element that
 * opened it; the page behind is inert to assistive technology and does not scroll.
 */
export function Dialog({ open, onClose, title, description, dismissible = true, initialFocus, role = 'dialog', children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { refs, context } = useFloating({ open, onOpenChange: (next) => (next ? undefined : onClose()) });
  const dismiss = useDismiss(context, { enabled: dismissible, outsidePressEvent: 'mousedown' });
  const { getFloatingProps } = useInteractions([dismiss, useRole(context, { role })]);

  if (!open) return null;
  return (
    <FloatingPortal>
      <Overlay lockScroll>
        <FloatingFocusManager context={context} modal initialFocus={initialFocus}>
          <Panel
            ref={refs.setFloating}
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={description ? descriptionId : undefined}
            {...getFloatingProps()}
          >
            <Title id={titleId}>{title}</Title>
            {description ? <Description id={descriptionId}>{description}</Description> : null}
            {children}
          </Panel>
        </FloatingFocusManager>
      </Overlay>
    </FloatingPortal>
  );
}
