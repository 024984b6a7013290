import styled, { keyframes } from 'styled-components';
import type { DefaultTheme } from 'styled-components';
import { reducedMotion } from '../components/shared-styles';
import { ThemeFallback } from '../components/theme-fallback';
import type { NoticeKind } from '../types';

export interface ImpersonationNoticeProps {
  kind: NoticeKind;
  title: string;
  description?: string;
  /** False while the toast is leaving; fades it out. */
  visible?: boolean;
}

const accent = (theme: DefaultTheme, kind: NoticeKind) => theme.colors[kind];

const enter = keyframes`
  from { opacity: 0; transform: translateY(-8px); }
`;

const Card = styled.div<{ $kind: NoticeKind; $visible: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
  align-items: flex-start;
  box-sizing: border-box;
  width: max-content;
  max-width: min(360px, calc(100vw - 32px));
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $kind }) => accent(theme, $kind)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.md};
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  opacity: ${({ $visible }) => ($visible ? 1 : 0)};
  animation: ${enter} ${({ theme }) => `${theme.motion.durationNormal} ${theme.motion.easing}`};
  transition: opacity ${({ theme }) => theme.motion.durationNormal};
  ${reducedMotion}
`;

const Icon = styled.svg<{ $kind: NoticeKind }>`
  flex: none;
  width: 20px;
  height: 20px;
  color: ${({ theme, $kind }) => accent(theme, $kind)};
`;

const Title = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Description = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

// Glyphs drawn inside a circle: "i", a tick, "!".
const GLYPHS: Record<NoticeKind, string> = {
  info: 'M10 9v5M10 6.5v.01',
  success: 'M6.5 10.5l2.5 2.5 4.5-5',
  error: 'M10 6v5M10 13.5v.01',
};

/**
 * A notice with a title and a description (react-hot-toast has no title). Info and success are
 * polite status messages; an error is an alert.
 */
export function ImpersonationNotice({ kind, title, description, visible = true }: ImpersonationNoticeProps) {
  const isError = kind === 'error';
  return (
    <ThemeFallback>
      <Card
        role={isError ? 'alert' : 'status'}
        aria-live={isError ? 'assertive' : 'polite'}
        aria-atomic="true"
        data-kind={kind}
        data-state={visible ? 'open' : 'closed'}
        $kind={kind}
        $visible={visible}
      >
        <Icon $kind={kind} viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <circle cx="10" cy="10" r="8.5" />
          <path d={GLYPHS[kind]} />
        </Icon>
        <div>
          <Title>{title}</Title>
          {description ? <Description>{description}</Description> : null}
        </div>
      </Card>
    </ThemeFallback>
  );
}
