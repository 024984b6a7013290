import { getContrastRatio, WCAG_AA_CONTRAST } from './brand/contrast';
import { darkColors, lightColors, type SemanticColors } from './tokens';

describe('semantic colour tokens', () => {
  const textPairs: [keyof SemanticColors, keyof SemanticColors][] = [
    ['text', 'bg'],
    ['text', 'surface'],
    ['text', 'surfaceRaised'],
    ['textMuted', 'bg'],
    ['textMuted', 'surface'],
    ['textMuted', 'surfaceRaised'],
    ['info', 'infoSurface'],
    ['success', 'successSurface'],
    ['error', 'errorSurface'],
    ['warning', 'warningSurface'],
    ['onWarningEmphasis', 'warningEmphasis'],
    ['text', 'warningSurface'],
  ];

  describe.each([
    ['light', lightColors],
    ['dark', darkColors],
  ])('in %s mode', (_mode, colors) => {
    it.each(textPairs)('keeps %s on %s at WCAG AA contrast', (foreground, background) => {
      expect(getContrastRatio(colors[foreground], colors[background])).toBeGreaterThanOrEqual(WCAG_AA_CONTRAST);
    });

    it.each(['bg', 'surface', 'surfaceRaised', 'warningSurface'] as const)(
      'keeps the warning emphasis (the frame of a view) at 3:1 against %s (WCAG 1.4.11)',
      (background) => {
        expect(getContrastRatio(colors.warningEmphasis, colors[background])).toBeGreaterThanOrEqual(3);
      },
    );

    it.each(['bg', 'surface', 'surfaceRaised'] as const)('keeps the focus ring at 3:1 against %s (WCAG 1.4.11)', (background) => {
      expect(getContrastRatio(colors.focusRing, colors[background])).toBeGreaterThanOrEqual(3);
    });
  });
});
