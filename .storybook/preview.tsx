import { useState, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
// eslint-disable-next-line @nx/enforce-module-boundaries -- Storybook tooling shared by every library, never shipped
import { createMemoryStorageManager, GlobalStyle, ThemeProvider, type ColorMode } from '@viewas/theme';

/**
 * Every story renders inside the theme, in the mode picked in the toolbar. The choice lives in memory
 * (nothing persists between stories) and ThemeProvider writes it to <html data-theme> like the app does.
 */
function StoryTheme({ mode, children }: { mode: ColorMode; children: ReactNode }) {
  const [storageManager] = useState(() => createMemoryStorageManager(mode));
  return (
    <ThemeProvider storageManager={storageManager}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}

const withTheme: Decorator = (Story, { globals }) => {
  const mode: ColorMode = globals['theme'] === 'dark' ? 'dark' : 'light';
  // Keyed on the mode so a toolbar change starts from the new choice, even after a story changed it.
  return (
    <StoryTheme key={mode} mode={mode}>
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
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    a11y: { test: 'error' },
    controls: { expanded: true },
    layout: 'centered',
  },
};

export default preview;
