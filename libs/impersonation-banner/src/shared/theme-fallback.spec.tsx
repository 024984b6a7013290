import { render, screen } from '@testing-library/react';
import { defaultTheme } from '@viewas/theme';
import { ThemeProvider } from 'styled-components';
import { AdminModeBadge } from '../components/admin-mode-badge';
import { BADGE_LABEL } from '../../testing/defaults';

const badge = () => screen.getByRole('button', { name: BADGE_LABEL });

describe('ThemeFallback', () => {
  it("styles the banner with the host's theme and brand", () => {
    const theme = { ...defaultTheme, colors: { ...defaultTheme.colors, brand500: '#1a237e' } };
    render(
      <ThemeProvider theme={theme}>
        <AdminModeBadge email="jane.doe@example.com" onReturn={jest.fn()} />
      </ThemeProvider>,
    );
    expect(badge()).toHaveStyle({ backgroundColor: '#1a237e' });
  });

  it('falls back to the default theme when the host has no ThemeProvider', () => {
    render(<AdminModeBadge email="jane.doe@example.com" onReturn={jest.fn()} />);
    expect(badge()).toHaveStyle({ backgroundColor: defaultTheme.colors.brand500 });
  });
});
