import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { onPhone } from './styles';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  ${onPhone} {
    padding: 16px;
  }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Titles = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

export const CardTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
`;

export const CardDescription = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Cards one above the other, with the page's gap between them (they never touch). */
export const CardStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
`;

export interface CardProps {
  /** The card's heading; also names the section for screen readers. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown beside the heading. */
  actions?: ReactNode;
  children?: ReactNode;
  /** The section's id, for a link to it (`/page#id`). */
  id?: string;
}

/** A titled section of a page. */
export function Card({ title, description, actions, children, id }: CardProps) {
  const headingId = useId();
  return (
    <Section aria-labelledby={headingId} id={id}>
      <Header>
        <Titles>
          <CardTitle id={headingId}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </Titles>
        {actions}
      </Header>
      {children}
    </Section>
  );
}
