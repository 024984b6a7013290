import { DEFAULT_BRAND_200, DEFAULT_BRAND_500 } from '@viewas/theme';
import { createBrandTheme } from './brand-theme';

describe('createBrandTheme', () => {
  it('uses the brand colours from the settings', () => {
    const warn = jest.fn();
    const theme = createBrandTheme({ brand200: '#ffd6a5', brand500: '#1d3557' }, warn);
    expect(theme.colors.brand200).toBe('#ffd6a5');
    expect(theme.colors.brand500).toBe('#1d3557');
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps the defaults when nothing is set', () => {
    const theme = createBrandTheme({}, jest.fn());
    expect(theme.colors.brand200).toBe(DEFAULT_BRAND_200);
    expect(theme.colors.brand500).toBe(DEFAULT_BRAND_500);
  });

  it('reports an unusable colour and falls back to the default', () => {
    const warn = jest.fn();
    const theme = createBrandTheme({ brand500: 'not-a-colour' }, warn);
    expect(theme.colors.brand500).toBe(DEFAULT_BRAND_500);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Brand colour: brand500: "not-a-colour"/));
  });
});
