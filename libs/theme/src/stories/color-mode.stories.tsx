import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ColorModeSwitch } from './color-mode-switch';

const meta = {
  title: 'Theme/Colour mode',
  component: ColorModeSwitch,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ColorModeSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Switch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const html = canvasElement.ownerDocument.documentElement;

    await userEvent.click(canvas.getByRole('radio', { name: 'Dark' }));
    await expect(html.dataset['theme']).toBe('dark');
    await expect(canvas.getByRole('status')).toHaveTextContent('Showing dark mode.');

    await userEvent.click(canvas.getByRole('button', { name: 'Switch to light mode' }));
    await expect(html.dataset['theme']).toBe('light');
    await expect(canvas.getByRole('radio', { name: 'Light' })).toBeChecked();
  },
};

export const StartsDark: Story = { globals: { theme: 'dark' } };
