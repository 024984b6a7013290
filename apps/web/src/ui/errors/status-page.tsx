'use client';

import type { ReactNode } from 'react';
import styled from 'styled-components';

const Wrapper = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 560px;
  margin: ${({ theme }) => theme.space[7]} auto 0;
  padding: ${({ theme }) => theme.space[6]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const Code = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  line-height: ${({ theme }) => theme.lineHeights.tight};
`;

const Body = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  margin-top: ${({ theme }) => theme.space[2]};
`;

/** A page that explains why the requested one cannot be shown (403, 404, a failure). */
export function StatusPage({ code, title, children, action }: { code?: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Wrapper aria-labelledby="status-title">
      {code ? <Code>{code}</Code> : null}
      <Title id="status-title">{title}</Title>
      {children}
      {action ? <Actions>{action}</Actions> : null}
    </Wrapper>
  );
}

export { Body as StatusBody };
