import { render, screen } from '@testing-library/react';
import styled from 'styled-components';
import { createTheme } from './brand/create-theme';
import { createMemoryStorageManager } from './color-mode/storage-manager';
import { defaultTheme } from './theme';
import { ThemeProvider } from './theme-provider';

const BrandLabel = styled.span`
  color: ${({ theme }) => theme.colors.onBrand500};
  background: ${({ theme }) => theme.colors.brand500};
  padding: ${({ theme }) => theme.space[2]};
`;

describe('ThemeProvider', () => {
  it('gives styled components the default theme', () => {
    render(
      <ThemeProvider storageManager={createMemoryStorageManager()}>
        <BrandLabel>Brand</BrandLabel>
      </ThemeProvider>,
    );

    expect(screen.getByText('Brand')).toHaveStyle({ background: defaultTheme.colors.brand500, padding: '8px' });
  });

  it('gives styled components the theme it is passed', () => {
    const { theme } = createTheme({ brand500: '#1a237e' });
    render(
      <ThemeProvider theme={theme} storageManager={createMemoryStorageManager()}>
        <BrandLabel>Brand</BrandLabel>
      </ThemeProvider>,
    );

    expect(screen.getByText('Brand')).toHaveStyle({ background: '#1a237e', color: '#ffffff' });
  });
});
