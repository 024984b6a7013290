import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[5]};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  letter-spacing: -0.01em;
`;

const Description = styled.p`
  margin: 0;
  max-width: 70ch;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The page's one `<h1>` and what the page is for. */
export function PageHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <Header>
      <Title>{title}</Title>
      {description ? <Description>{description}</Description> : null}
    </Header>
  );
}
