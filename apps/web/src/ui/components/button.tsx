import type { ComponentProps, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Spinner } from './spinner';
import { focusRing } from './styles';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: var(--app-accent);
    border-color: var(--app-accent);
    color: var(--app-on-accent);
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border-color: ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surface};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.error};
    border-color: ${({ theme }) => theme.colors.error};
    color: ${({ theme }) => theme.colors.bg};
  `,
  ghost: css`
    background: transparent;
    border-color: transparent;
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surface};
    }
  `,
};

/** Shared by buttons and links that look like buttons. */
export const buttonStyles = css<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ $size }) => ($size === 'sm' ? '32px' : '40px')};
  padding: 0 ${({ theme, $size }) => ($size === 'sm' ? theme.space[3] : theme.space[4])};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font: inherit;
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md)};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: 1;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.motion.durationFast},
    filter ${({ theme }) => theme.motion.durationFast};
  ${({ $variant }) => variants[$variant]}
  ${focusRing}

  &:hover:not(:disabled) {
    filter: brightness(1.06);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled, shows a spinner and `pendingLabel` (the action is running). */
  pending?: boolean;
  pendingLabel?: ReactNode;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  pending = false,
  pendingLabel,
  disabled,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <StyledButton type={type} $variant={variant} $size={size} disabled={disabled || pending} aria-busy={pending || undefined} {...props}>
      {pending ? <Spinner /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </StyledButton>
  );
}

/** An anchor styled as a button. A plain `<a>` on purpose: it is also used for full-page navigations. */
export const ButtonLink = styled.a<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;
