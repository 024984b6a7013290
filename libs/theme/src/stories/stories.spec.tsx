import { composeStories } from '@storybook/react';
import { screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared Storybook preview: its theme decorator is under test too
import preview from '../../../../.storybook/preview';
import { resetDocumentColorMode } from '../../testing/document-state';
import { DEFAULT_BRAND_500 } from '../tokens';
import * as brandStories from './brand.stories';
import * as colorModeStories from './color-mode.stories';
import * as paletteStories from './palette.stories';

const palette = composeStories(paletteStories, preview);
const brand = composeStories(brandStories, preview);
const colorMode = composeStories(colorModeStories, preview);

afterEach(resetDocumentColorMode);

const html = document.documentElement;

describe('theme stories', () => {
  it.each([
    { name: 'Palette/Light', Story: palette.Light, mode: 'light' },
    { name: 'Palette/Dark', Story: palette.Dark, mode: 'dark' },
    { name: 'Colour mode/StartsDark', Story: colorMode.StartsDark, mode: 'dark' },
    { name: 'Brand/Defaults', Story: brand.Defaults, mode: 'light' },
  ])('$name renders in $mode mode with no axe violations', async ({ Story, mode }) => {
    await Story.run();

    expect(html.dataset['theme']).toBe(mode);
    expect(html.style.colorScheme).toBe(mode);
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it('shows every semantic colour with its value in the mode on screen', async () => {
    await palette.Dark.run();

    expect(screen.getByRole('heading', { name: 'Semantic colours' })).toBeInTheDocument();
    expect(screen.getByText('#171923')).toBeInTheDocument();
    expect(screen.getByText(`brand500 ${DEFAULT_BRAND_500}`)).toBeInTheDocument();
  });

  it('switches modes through the radio group and the toggle (play function)', async () => {
    await colorMode.Switch.run();

    expect(html.dataset['theme']).toBe('light');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it('shows the contrast warning for a mid-tone brand500', async () => {
    await brand.LowContrast.run();

    const warnings = within(screen.getByRole('region', { name: 'Warnings (1)' }));
    expect(warnings.getByRole('listitem')).toHaveTextContent(/^brand500: no text colour reaches WCAG AA contrast \(4\.5:1\) on #808080/);
  });

  it('shows both fallback warnings for values that are not colours', async () => {
    await brand.InvalidValue.run();

    const warnings = within(screen.getByRole('region', { name: 'Warnings (2)' }));
    expect(warnings.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^brand200: "tomato" is not a CSS hex/),
      expect.stringMatching(/^brand500: "var\(--brand\)" is not a CSS hex/),
    ]);
  });

  it('reports no warnings for a valid custom brand', async () => {
    await brand.CustomBrand.run();

    expect(screen.getByText('createTheme reported no warnings.')).toBeInTheDocument();
    expect(screen.getByText('brand500 #1a237e')).toBeInTheDocument();
  });
});
