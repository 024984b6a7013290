import type { Preview } from '@storybook/react-vite';

// Shared preview for every library. The theme decorator (light/dark switch) is added by libs/theme.
const preview: Preview = {
  parameters: {
    a11y: { test: 'error' },
    controls: { expanded: true },
    layout: 'centered',
  },
};

export default preview;
