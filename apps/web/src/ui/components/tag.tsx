import styled from 'styled-components';

export type TagTone = 'neutral' | 'accent' | 'success' | 'error' | 'info' | 'warning';

const tones: Record<TagTone, (theme: import('styled-components').DefaultTheme) => [string, string]> = {
  neutral: (theme) => [theme.colors.surface, theme.colors.textMuted],
  accent: (theme) => [theme.colors.brand200, theme.colors.onBrand200],
  success: (theme) => [theme.colors.successSurface, theme.colors.success],
  error: (theme) => [theme.colors.errorSurface, theme.colors.error],
  info: (theme) => [theme.colors.infoSurface, theme.colors.info],
  warning: (theme) => [theme.colors.warningSurface, theme.colors.warning],
};

/** A short label: a role, a status, an event type. */
export const Tag = styled.span<{ $tone?: TagTone }>`
  display: inline-flex;
  align-items: center;
  padding: 2px ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme, $tone = 'neutral' }) => tones[$tone](theme)[0]};
  color: ${({ theme, $tone = 'neutral' }) => tones[$tone](theme)[1]};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  white-space: nowrap;
`;
