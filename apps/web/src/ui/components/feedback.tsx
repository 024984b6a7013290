import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button } from './button';

const shimmer = keyframes`
  from { opacity: 1; }
  to { opacity: 0.45; }
`;

const Bar = styled.span`
  display: block;
  height: 14px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.border};
  animation: ${shimmer} 0.9s ease-in-out infinite alternate;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Rows = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[2]} 0;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr 1fr;
  gap: ${({ theme }) => theme.space[4]};
`;

/** Placeholder rows while a list loads; announced once as `label`. */
export function SkeletonRows({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Rows role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Row key={index} aria-hidden="true">
          <Bar />
          <Bar />
          <Bar />
        </Row>
      ))}
    </Rows>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[6]} ${theme.space[4]}`};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  text-align: center;
`;

const BoxTitle = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const BoxText = styled.p`
  margin: 0;
  max-width: 48ch;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** What an empty list means and what to do about it. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <BoxTitle>{title}</BoxTitle>
      <BoxText>{children}</BoxText>
    </Box>
  );
}

const Alert = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.errorSurface};
  color: ${({ theme }) => theme.colors.text};
`;

const AlertText = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  strong {
    color: ${({ theme }) => theme.colors.error};
  }
`;

export interface ErrorStateProps {
  title: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failed load or action, with a way to try again. */
export function ErrorState({ title, message, onRetry, retryLabel }: ErrorStateProps) {
  return (
    <Alert role="alert">
      <AlertText>
        <strong>{title}</strong>
        <span>{message}</span>
      </AlertText>
      {onRetry ? (
        <Button size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </Alert>
  );
}
