import { css, styled } from 'styled-components';
import { fadeIn, reducedMotion } from '../shared/styles';
import { ThemeFallback } from '../shared/theme-fallback';
import type { NoticeKind } from '../types';

export interface ImpersonationNoticeProps {
  kind: NoticeKind;
  title: string;
  description?: string;
  /** False while the toast is leaving; fades it out. */
  visible?: boolean;
}

const Card = styled.div<{ $kind: NoticeKind; $visible: boolean }>(
  ({ theme: t, $kind, $visible }) => css`
    display: flex;
    gap: ${t.space[3]};
    align-items: flex-start;
    box-sizing: border-box;
    max-width: min(360px, calc(100vw - 32px));
    padding: ${t.space[3]} ${t.space[4]};
    border: 1px solid ${t.colors.border};
    border-left: 4px solid ${t.colors[$kind]};
    border-radius: ${t.radii.md};
    background: ${t.colors.surfaceRaised};
    color: ${t.colors.text};
    box-shadow: ${t.shadows.md};
    font: ${t.fontSizes.sm} / ${t.lineHeights.normal} ${t.fonts.body};
    opacity: ${$visible ? 1 : 0};
    animation: ${fadeIn} ${t.motion.durationNormal} ${t.motion.easing};
    transition: opacity ${t.motion.durationNormal};
    ${reducedMotion}
    & > svg {
      flex: none;
      color: ${t.colors[$kind]};
    }
  `,
);

const Title = styled.p(
  ({ theme: t }) => css`
    margin: 0;
    font-weight: ${t.fontWeights.semibold};
  `,
);

const Description = styled.p(
  ({ theme: t }) => css`
    margin: ${t.space[1]} 0 0;
    color: ${t.colors.textMuted};
    overflow-wrap: anywhere;
  `,
);

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
        data-state={visible ? 'open' : 'closed'}
        $kind={kind}
        $visible={visible}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="10" cy="10" r="8.5" />
          <path d={GLYPHS[kind]} />
        </svg>
        <div>
          <Title>{title}</Title>
          {description ? <Description>{description}</Description> : null}
        </div>
      </Card>
    </ThemeFallback>
  );
}
