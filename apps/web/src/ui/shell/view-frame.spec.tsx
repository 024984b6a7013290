/** @jest-environment jsdom */
import type { SessionUser } from '@viewas/session-client';
import { screen } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { renderWithApp } from '../../../testing/ui/render';
import { VIEW_BAR_HEIGHT_PX, ViewFrame } from './view-frame';

const member: SessionUser = { id: 'usr_ada', email: 'ada@example.com', role: 'user', isImpersonated: false };
const viewed: SessionUser = {
  ...member,
  isImpersonated: true,
  impersonator: { id: 'usr_grace', email: 'grace@example.com' },
  impersonationMode: 'read_only',
  impersonationExpiresAt: '2030-01-01T13:00:00.000Z',
};

describe('ViewFrame', () => {
  it('marks a view with a named bar: whose account, the mode and until when', async () => {
    const { container } = renderWithApp(
      <main>
        <ViewFrame user={viewed} />
      </main>,
    );
    const bar = screen.getByRole('region', { name: 'Viewing as ada@example.com' });
    expect(bar).toHaveTextContent(/^Viewing as ada@example.com · Read-only · until .*2030/);
    expect(screen.getByRole('time')).toHaveAttribute('datetime', viewed.impersonationExpiresAt);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('draws its frame and bar fixed, around and along the bottom of the window, keeping room for the badge', () => {
    renderWithApp(<ViewFrame user={viewed} />);
    const bar = screen.getByRole('region', { name: 'Viewing as ada@example.com' });
    const style = getComputedStyle(bar);
    expect(style.position).toBe('fixed');
    expect(style.bottom).toBe('0px');
    expect(style.minHeight).toBe(`${VIEW_BAR_HEIGHT_PX}px`);
  });

  it('renders nothing for an ordinary session or nobody', () => {
    const { container, rerender } = renderWithApp(<ViewFrame user={member} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ViewFrame user={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
