import type { Meta, StoryObj } from '@storybook/react-vite';
import { DEFAULT_BRAND_200, DEFAULT_BRAND_500 } from '../tokens';
import { BrandPreview } from './brand-preview';

const meta = {
  title: 'Theme/Brand',
  component: BrandPreview,
  parameters: { layout: 'fullscreen' },
  argTypes: {
    brand200: { control: 'color', description: 'NEXT_PUBLIC_BRAND_200: hex, rgb() or hsl()' },
    brand500: { control: 'color', description: 'NEXT_PUBLIC_BRAND_500: hex, rgb() or hsl()' },
  },
  args: { brand200: DEFAULT_BRAND_200, brand500: DEFAULT_BRAND_500 },
} satisfies Meta<typeof BrandPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Defaults: Story = {};

export const CustomBrand: Story = { args: { brand200: 'hsl(45 100% 80%)', brand500: 'rgb(26 35 126)' } };

export const LowContrast: Story = {
  args: { brand500: '#808080' },
  parameters: {
    // This story exists to show a shade no text reads well on, and the warning createTheme gives for it.
    a11y: { config: { rules: [{ id: 'color-contrast', enabled: false }] } },
  },
};

export const InvalidValue: Story = { args: { brand200: 'tomato', brand500: 'var(--brand)' } };
