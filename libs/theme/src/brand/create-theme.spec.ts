import { getContrastRatio, WCAG_AA_CONTRAST } from './contrast';
import { defaultTheme } from '../theme';
import { DEFAULT_BRAND_200, DEFAULT_BRAND_500, lightColors, palette, POPPER_DEFAULTS } from '../tokens';
import { createTheme } from './create-theme';

describe('createTheme', () => {
  it('gives the default teal-green 200 and dark slate 500 with readable foregrounds and no warnings', () => {
    const { theme, warnings } = createTheme();

    expect(warnings).toEqual([]);
    expect(theme.colors.brand200).toBe(DEFAULT_BRAND_200);
    expect(theme.colors.brand500).toBe(DEFAULT_BRAND_500);
    expect(getContrastRatio(theme.colors.onBrand200, theme.colors.brand200)).toBeGreaterThanOrEqual(WCAG_AA_CONTRAST);
    expect(getContrastRatio(theme.colors.onBrand500, theme.colors.brand500)).toBeGreaterThanOrEqual(WCAG_AA_CONTRAST);
  });

  it('points semantic colours at CSS variables with the light value as fallback', () => {
    const { colors } = createTheme().theme;

    expect(colors.bg).toBe('var(--vw-color-bg, #ffffff)');
    expect(colors.surfaceRaised).toBe(`var(--vw-color-surface-raised, ${lightColors.surfaceRaised})`);
    expect(colors.textMuted).toBe(`var(--vw-color-text-muted, ${lightColors.textMuted})`);
    expect(colors.errorSurface).toBe(`var(--vw-color-error-surface, ${lightColors.errorSurface})`);
  });

  it('carries the fixed scales of the contract', () => {
    const { theme } = createTheme();

    expect(theme.space).toEqual({ 0: '0', 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px' });
    expect(theme.radii).toEqual({ sm: '4px', md: '8px', lg: '12px', full: '9999px' });
    expect(theme.zIndices).toEqual({ banner: 1000, popover: 1100, toast: 1200 });
    expect(theme.fontWeights).toEqual({ regular: 400, medium: 500, semibold: 600, bold: 700 });
    expect(theme.motion).toMatchObject({ durationFast: '120ms', durationNormal: '200ms' });
    expect(theme.fonts.body).toMatch(/^var\(--font-inter, Inter\), system-ui,/);
    expect(theme.popper).toBe(POPPER_DEFAULTS);
    expect(POPPER_DEFAULTS).toEqual({ gutter: 8, arrowPadding: 8 });
  });

  it.each([
    ['#1A237E', '#1a237e'],
    ['rgb(26 35 126)', '#1a237e'],
    ['rgba(26, 35, 126, 1)', '#1a237e'],
    ['hsl(234.5deg 65.8% 29.8%)', '#1a237e'],
  ])('accepts brand500 %s and stores it as %s', (input, expected) => {
    const { theme, warnings } = createTheme({ brand500: input });

    expect(warnings).toEqual([]);
    expect(theme.colors.brand500).toBe(expected);
  });

  it('picks white text on a dark brand shade and dark text on a light one', () => {
    const { theme } = createTheme({ brand200: '#fefcbf', brand500: '#1a237e' });

    expect(theme.colors.onBrand200).toBe(lightColors.text);
    expect(theme.colors.onBrand500).toBe(palette.white);
  });

  it('falls back to the default with a clear warning when a value is not a colour', () => {
    const { theme, warnings } = createTheme({ brand200: 'tomato', brand500: 'rgb(1, 2, 3); } body { display: none' });

    expect(theme.colors.brand200).toBe(DEFAULT_BRAND_200);
    expect(theme.colors.brand500).toBe(DEFAULT_BRAND_500);
    expect(warnings).toEqual([
      `brand200: "tomato" is not a CSS hex, rgb() or hsl() colour; using the default ${DEFAULT_BRAND_200}.`,
      `brand500: "rgb(1, 2, 3); } body { display: none" is not a CSS hex, rgb() or hsl() colour; using the default ${DEFAULT_BRAND_500}.`,
    ]);
  });

  it('falls back to the default when a value is translucent, since its contrast depends on what lies beneath', () => {
    const { theme, warnings } = createTheme({ brand500: 'rgb(0 0 0 / 50%)' });

    expect(theme.colors.brand500).toBe(DEFAULT_BRAND_500);
    expect(warnings).toEqual([
      `brand500: "rgb(0 0 0 / 50%)" is translucent; brand colours must be opaque, so using the default ${DEFAULT_BRAND_500}.`,
    ]);
  });

  it('treats an empty or blank value as not set, as an empty environment variable would be', () => {
    const { theme, warnings } = createTheme({ brand200: '', brand500: '   ' });

    expect(warnings).toEqual([]);
    expect(theme.colors.brand200).toBe(DEFAULT_BRAND_200);
    expect(theme.colors.brand500).toBe(DEFAULT_BRAND_500);
  });

  it('keeps a mid-tone shade no text colour reaches AA on, warns with the best ratio, and uses the best foreground', () => {
    const { theme, warnings } = createTheme({ brand500: '#808080' });
    const bestRatio = getContrastRatio(lightColors.text, '#808080');

    expect(theme.colors.brand500).toBe('#808080');
    expect(theme.colors.onBrand500).toBe(lightColors.text);
    expect(bestRatio).toBeLessThan(WCAG_AA_CONTRAST);
    expect(bestRatio).toBeGreaterThan(getContrastRatio(palette.white, '#808080'));
    expect(warnings).toEqual([
      `brand500: no text colour reaches WCAG AA contrast (4.5:1) on #808080; the best, ${lightColors.text}, reaches ${bestRatio.toFixed(2)}:1. Choose a lighter or darker shade.`,
    ]);
  });

  it('reports both shades separately, in the order 200 then 500', () => {
    const { warnings } = createTheme({ brand200: 'nope', brand500: '#777' });

    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^brand200: "nope"/);
    expect(warnings[1]).toMatch(/^brand500: no text colour reaches WCAG AA/);
  });

  it('builds exactly the precomputed defaultTheme the client bundle ships without a parser', () => {
    expect(createTheme().theme).toEqual(defaultTheme);
  });
});
