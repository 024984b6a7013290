import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeInAct } from '../../testing/axe';
import {
  ACTIVE_ANNOUNCEMENT_PREFIX,
  BADGE_LABEL,
  PANEL_TITLE,
  PENDING_ANNOUNCEMENT,
  RETURN_BUTTON_LABEL,
  VIEWING_AS_LABEL,
} from '../../testing/defaults';
import { PANEL_OPEN_DELAY_MS } from '../hooks/use-admin-mode-panel';
import { AdminModeBadge, type AdminModeBadgeProps } from './admin-mode-badge';

const EMAIL = 'jane.doe@example.com';
const START = Date.parse('2025-03-01T12:00:00.000Z');

function renderBadge(props: Partial<AdminModeBadgeProps> = {}) {
  const onReturn = jest.fn();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = render(
    <>
      <AdminModeBadge email={EMAIL} onReturn={onReturn} {...props} />
      <main>
        <p>Page content</p>
      </main>
    </>,
  );
  const badge = screen.getByRole('button', { name: BADGE_LABEL });
  return { ...view, user, onReturn, badge };
}

function placeAt(element: Element, { x, y, width, height }: { x: number; y: number; width: number; height: number }) {
  jest.spyOn(element, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x, y, width, height }));
}

/** Lets floating-ui's asynchronous positioning finish inside act() on the real clock. */
const settle = () => act(async () => undefined);

const panel = () => screen.queryByRole('dialog', { name: PANEL_TITLE });

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(START);
});
afterEach(() => jest.useRealTimers());

describe('AdminModeBadge', () => {
  it('shows a closed "Admin Mode" button that announces the impersonation politely', async () => {
    const { badge } = renderBadge();
    expect(badge).toHaveAttribute('aria-expanded', 'false');
    expect(badge).toHaveAttribute('data-state', 'closed');
    expect(panel()).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`${ACTIVE_ANNOUNCEMENT_PREFIX} ${EMAIL}.`);
  });

  it.each([
    ['read_only', 'Read-only'],
    ['full', 'Full access'],
  ] as const)('shows the %s mode in the panel, in the host’s words, where screen readers read it with the e-mail', async (mode, text) => {
    renderBadge({ mode, defaultOpen: true, texts: { read_only: 'Read-only', full: 'Full access' } });
    await settle();
    expect(panel()).toHaveTextContent(`${VIEWING_AS_LABEL}${EMAIL}${text}`);
    expect(screen.getByText(text)).toBeVisible();
  });

  it('says nothing about the mode when the host does not pass one', async () => {
    renderBadge({ defaultOpen: true, texts: { read_only: 'Read-only', full: 'Full access' } });
    await settle();
    expect(panel()).not.toHaveTextContent('Read-only');
  });

  it(`opens the panel ${PANEL_OPEN_DELAY_MS} ms after the pointer rests on the badge`, async () => {
    const { user, badge } = renderBadge();
    await user.hover(badge);
    act(() => jest.advanceTimersByTime(PANEL_OPEN_DELAY_MS - 1));
    expect(panel()).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    const dialog = panel();
    expect(dialog).toBeInTheDocument();
    expect(badge).toHaveAttribute('aria-expanded', 'true');
    expect(badge).toHaveAttribute('aria-controls', dialog?.id);
    expect(dialog).toHaveTextContent(`${PANEL_TITLE}${VIEWING_AS_LABEL}${EMAIL}${RETURN_BUTTON_LABEL}`);
    expect(screen.getByRole('heading', { name: PANEL_TITLE })).toBeInTheDocument();
  });

  it('keeps the panel open while the pointer crosses the gap from the badge up onto it', async () => {
    const { user, badge } = renderBadge();
    // jsdom has no layout: place the badge at the bottom-left and the panel above it, 8 px apart.
    placeAt(badge, { x: 16, y: 700, width: 120, height: 32 });
    await user.pointer({ target: badge, coords: { clientX: 60, clientY: 716 } });
    act(() => jest.advanceTimersByTime(PANEL_OPEN_DELAY_MS));
    const dialog = panel() as HTMLElement;
    placeAt(dialog, { x: 16, y: 520, width: 320, height: 172 });

    await user.pointer([
      { target: document.body, coords: { clientX: 60, clientY: 696 } },
      { target: dialog, coords: { clientX: 62, clientY: 680 } },
    ]);
    act(() => jest.advanceTimersByTime(1000));
    expect(panel()).toBeInTheDocument();
  });

  it('closes when the pointer leaves the badge away from the panel', async () => {
    const { user, badge } = renderBadge();
    placeAt(badge, { x: 16, y: 700, width: 120, height: 32 });
    await user.pointer({ target: badge, coords: { clientX: 60, clientY: 716 } });
    act(() => jest.advanceTimersByTime(PANEL_OPEN_DELAY_MS));
    placeAt(panel() as HTMLElement, { x: 16, y: 520, width: 320, height: 172 });

    await user.pointer({ target: document.body, coords: { clientX: 300, clientY: 760 } });
    act(() => jest.advanceTimersByTime(1000));
    expect(panel()).not.toBeInTheDocument();
  });

  it('opens on keyboard focus, lets Tab reach the Return button and Enter press it', async () => {
    const { user, badge, onReturn } = renderBadge();
    await user.tab();
    expect(badge).toHaveFocus();
    expect(panel()).toBeInTheDocument();

    await user.tab();
    const returnButton = screen.getByRole('button', { name: RETURN_BUTTON_LABEL });
    expect(returnButton).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onReturn).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape, gives focus back to the badge and reopens on Enter or Space', async () => {
    const { user, badge } = renderBadge();
    await user.tab();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
    expect(badge).toHaveFocus();
    expect(badge).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    expect(panel()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.keyboard(' ');
    expect(panel()).toBeInTheDocument();
  });

  it('closes when the user clicks outside it', async () => {
    const { user } = renderBadge();
    await user.tab();
    expect(panel()).toBeInTheDocument();
    await user.click(screen.getByText('Page content'));
    expect(panel()).not.toBeInTheDocument();
  });

  it('closes when focus leaves the panel with Tab', async () => {
    const { user } = renderBadge();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(panel()).not.toBeInTheDocument();
  });

  it('shows the remaining time and updates it each minute', async () => {
    renderBadge({ defaultOpen: true, expiresAt: new Date(START + 42 * 60_000 + 30_000).toISOString() });
    expect(panel()).toHaveTextContent('Ends in 42 min');
    act(() => jest.advanceTimersByTime(30_001));
    expect(panel()).toHaveTextContent('Ends in 41 min');
  });

  it('shows no countdown without an expiry', () => {
    renderBadge({ defaultOpen: true });
    expect(panel()).not.toHaveTextContent(/Ends in|Ended/);
  });

  it('keeps the panel open and the button busy but named while returning, and ignores clicks', async () => {
    const { user, onReturn } = renderBadge({ pending: true });
    const returnButton = screen.getByRole('button', { name: RETURN_BUTTON_LABEL });
    expect(returnButton).toHaveAttribute('aria-busy', 'true');
    expect(returnButton).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('dialog')).toHaveTextContent(PENDING_ANNOUNCEMENT);

    await user.click(returnButton);
    await user.keyboard('{Escape}');
    expect(onReturn).not.toHaveBeenCalled();
    expect(panel()).toBeInTheDocument();
  });

  it('wraps a very long e-mail address inside the panel', () => {
    const longEmail = `${'a-very-long-local-part.'.repeat(6)}@an-even-longer-subdomain.example.com`;
    renderBadge({ defaultOpen: true, email: longEmail });
    expect(screen.getByText(longEmail)).toHaveStyle({ overflowWrap: 'anywhere' });
  });

  it('has no accessibility violations closed or open', async () => {
    jest.useRealTimers();
    const closed = renderBadge();
    expect(await axeInAct(closed.container)).toHaveNoViolations();
    closed.unmount();

    renderBadge({ defaultOpen: true });
    await settle();
    expect(await axeInAct(document.body)).toHaveNoViolations();
  });

  it('has no accessibility violations while returning', async () => {
    jest.useRealTimers();
    renderBadge({ pending: true });
    await settle();
    expect(await axeInAct(document.body)).toHaveNoViolations();
  });

  it("shows a host's own words on the badge, in the panel and to screen readers, keeping the defaults it does not override", async () => {
    const texts = {
      badgeLabel: 'Modo administrador',
      panelTitle: 'SUPLANTACIÓN ACTIVA',
      returnButtonLabel: 'Volver a mi cuenta',
      activeAnnouncement: 'Suplantación activa. Viendo la aplicación como',
      endsInMinutes: (minutes: number) => `Termina en ${minutes} min`,
    };
    const expiresAt = new Date(START + 42 * 60_000 + 30_000).toISOString();
    render(<AdminModeBadge email={EMAIL} onReturn={jest.fn()} texts={texts} defaultOpen expiresAt={expiresAt} />);
    expect(screen.getByRole('button', { name: texts.badgeLabel })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: texts.panelTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.returnButtonLabel })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: texts.panelTitle })).toHaveTextContent(
      `${texts.panelTitle}${VIEWING_AS_LABEL}${EMAIL}Termina en 42 min${texts.returnButtonLabel}`,
    );
    await settle();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(`${texts.activeAnnouncement} ${EMAIL}.`);
  });
});
