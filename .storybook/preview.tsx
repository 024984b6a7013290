import { useMemo, useState, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
// eslint-disable-next-line @nx/enforce-module-boundaries -- Storybook tooling shared by every library, never shipped
import { createMemoryStorageManager, GlobalStyle, ThemeProvider, type ColorMode } from '@viewas/theme';
// eslint-disable-next-line @nx/enforce-module-boundaries -- as above: createTheme is pure, only its entry is named server
import { createTheme } from '@viewas/theme/server';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the axe rules every check runs (tools/a11y), shared with the panel; never shipped
import { AXE_TAGS, PAGE_ONLY_RULES } from '../tools/a11y/axe-rules.mjs';

/**
 * Brands a designer can try on every story from the toolbar, as NEXT_PUBLIC_BRAND_200/500 would set
 * them in the app. Each pair keeps text on the brand colours readable (WCAG AA).
 */
const STORY_BRANDS = {
  default: { title: 'Default (teal-green / slate)', brand200: undefined, brand500: undefined },
  indigo: { title: 'Indigo', brand200: '#c5cae9', brand500: '#283593' },
  amber: { title: 'Amber', brand200: '#ffe082', brand500: '#7a3e00' },
  rose: { title: 'Rose', brand200: '#f8bbd0', brand500: '#880e4f' },
} as const;
type StoryBrand = keyof typeof STORY_BRANDS;

/**
 * Every story renders inside the theme, in the mode picked in the toolbar. The choice lives in memory
 * (nothing persists between stories) and ThemeProvider writes it to <html data-theme> like the app does.
 */
function StoryTheme({ mode, brand, children }: { mode: ColorMode; brand: StoryBrand; children: ReactNode }) {
  const [storageManager] = useState(() => createMemoryStorageManager(mode));
  const theme = useMemo(() => {
    const { brand200, brand500 } = STORY_BRANDS[brand];
    return createTheme({ brand200, brand500 }).theme;
  }, [brand]);
  return (
    <ThemeProvider storageManager={storageManager} theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}

const withTheme: Decorator = (Story, { globals }) => {
  const mode: ColorMode = globals['theme'] === 'dark' ? 'dark' : 'light';
  const brand: StoryBrand = globals['brand'] in STORY_BRANDS ? (globals['brand'] as StoryBrand) : 'default';
  // Keyed on the mode so a toolbar change starts from the new choice, even after a story changed it.
  return (
    <StoryTheme key={mode} mode={mode} brand={brand}>
      <Story />
    </StoryTheme>
  );
};

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour mode',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    brand: {
      description: 'Brand colours (NEXT_PUBLIC_BRAND_200 / _500)',
      toolbar: {
        title: 'Brand',
        icon: 'paintbrush',
        items: Object.entries(STORY_BRANDS).map(([value, { title }]) => ({ value, title })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', brand: 'default' },
  parameters: {
    // The Accessibility panel runs what `npm test` runs on every story (tools/storybook-a11y), so a designer
    // sees the same findings: WCAG 2.2 A/AA and best practice, less the rules only a whole page can meet.
    a11y: {
      test: 'error',
      options: { runOnly: { type: 'tag', values: AXE_TAGS } },
      config: { rules: PAGE_ONLY_RULES.map((id) => ({ id, enabled: false })) },
    },
    controls: { expanded: true },
    layout: 'centered',
  },
};

export default preview;
