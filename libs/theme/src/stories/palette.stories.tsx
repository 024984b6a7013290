import type { Meta, StoryObj } from '@storybook/react-vite';
import { Palette } from './palette';

const meta = {
  title: 'Theme/Palette',
  component: Palette,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Palette>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = { globals: { theme: 'light' } };

export const Dark: Story = { globals: { theme: 'dark' } };
