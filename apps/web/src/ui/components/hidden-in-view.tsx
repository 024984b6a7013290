import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';

const Box = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px dashed ${({ theme }) => theme.colors.warningEmphasis};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSurface};
`;

const Icon = styled.svg.attrs({ viewBox: '0 0 24 24', 'aria-hidden': true })`
  flex: none;
  width: 20px;
  height: 20px;
  margin-top: 1px;
  fill: none;
  stroke: ${({ theme }) => theme.colors.warning};
  stroke-width: 2;
  stroke-linecap: round;
  stroke-linejoin: round;
`;

const Texts = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};

  p {
    margin: 0;
  }
  p:first-child {
    color: ${({ theme }) => theme.colors.warning};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  p + p {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/**
 * In place of a part of the user's page that a view may not read (their access requests, their
 * notifications): said plainly, so the page reads as the user's page with one part withheld, and
 * nothing is asked of the server that it would refuse.
 */
export function HiddenInView({ email }: { email: string }) {
  const { messages } = useI18n();
  return (
    <Box>
      <Icon>
        {/* An eye, struck through. */}
        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
        <path d="M4 4l16 16" />
      </Icon>
      <Texts>
        <p>{messages.view.hidden}</p>
        <p>{messages.view.hiddenBody(email)}</p>
      </Texts>
    </Box>
  );
}
