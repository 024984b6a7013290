import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeInAct } from '../../testing/axe';
import { toast, Toaster } from 'react-hot-toast';
import {
  ADMIN_PAGE_PATH,
  BADGE_LABEL,
  ERROR_NOTICE_DESCRIPTION,
  ERROR_NOTICE_MS,
  ERROR_NOTICE_TITLE,
  PANEL_TITLE,
  RETURN_BUTTON_LABEL,
  RETURNING_NOTICE_MS,
  RETURNING_NOTICE_TITLE,
  RETURN_FAILURE_MESSAGE,
  SIGN_OUT_PATH,
  WELCOME_BACK_DESCRIPTION,
  WELCOME_BACK_NOTICE_MS,
  WELCOME_BACK_TITLE,
} from '../../testing/defaults';
import { deferred } from '../../testing/deferred';
import { ADMIN, IMPERSONATED_USER, RETURNED, SIGNED_IN } from '../../testing/fixtures';
import { watchTimers } from '../../testing/timers';
import type { BannerUser, ReturnToAdminResult, SignInResult } from '../types';
import { ImpersonationBanner, type ImpersonationBannerProps } from './impersonation-banner';

function setup(overrides: Partial<ImpersonationBannerProps> = {}) {
  const props = {
    user: IMPERSONATED_USER as BannerUser | null | undefined,
    returnToAdmin: jest.fn<Promise<ReturnToAdminResult>, []>().mockResolvedValue(RETURNED),
    signIn: jest.fn<Promise<SignInResult>, [string]>().mockResolvedValue(SIGNED_IN),
    navigate: jest.fn<void, [string]>(),
    onError: jest.fn<void, [Error, unknown]>(),
    ...overrides,
  };
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  // The host's own <Toaster />, as in an app that already shows toasts.
  const toaster = render(<Toaster />);
  const banner = render(<ImpersonationBanner {...props} />);
  return { props, user, toaster, banner };
}

/** Opens the panel with the keyboard, presses 'Return to Admin' and lets the server's answer arrive. */
async function clickReturn(user: ReturnType<typeof userEvent.setup>) {
  await user.tab();
  await user.click(screen.getByRole('button', { name: RETURN_BUTTON_LABEL }));
  await act(() => jest.advanceTimersByTimeAsync(0));
}

/** The toast (a status or an alert) whose title is `title`. */
const notice = (title: string) =>
  [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].find((region) => region.textContent?.startsWith(title)) ?? null;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => toast.remove());
  // Restore spies first: a spy restored later would put the fake setTimeout back.
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('ImpersonationBanner', () => {
  it.each([
    ['there is no user', null],
    ['the session is still loading', undefined],
    ['the user is not impersonated', { email: 'jane.doe@example.com', isImpersonated: false }],
  ])('renders nothing at all when %s', (_, user) => {
    const { banner } = setup({ user });
    expect(banner.container).toBeEmptyDOMElement();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the badge at the bottom-left and the panel with the e-mail when impersonated', async () => {
    const { user } = setup();
    const badge = screen.getByRole('button', { name: BADGE_LABEL });
    expect(badge).toHaveStyle({ position: 'fixed', left: '16px', bottom: '16px' });
    await user.tab();
    expect(screen.getByRole('dialog', { name: PANEL_TITLE })).toHaveTextContent(IMPERSONATED_USER.email);
  });

  it('shows "Returning to Admin Account" for 2000 ms, then signs in, welcomes for 3000 ms and opens the admin page', async () => {
    const { user, props } = setup();
    await clickReturn(user);
    expect(props.returnToAdmin).toHaveBeenCalledTimes(1);

    const returning = notice(RETURNING_NOTICE_TITLE);
    expect(returning).toHaveAttribute('role', 'status');
    expect(returning).toHaveAttribute('aria-live', 'polite');
    act(() => jest.advanceTimersByTime(RETURNING_NOTICE_MS - 1));
    expect(returning).toHaveAttribute('data-state', 'open');
    expect(props.signIn).not.toHaveBeenCalled();

    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(returning).toHaveAttribute('data-state', 'closed');
    expect(props.signIn).toHaveBeenCalledWith(ADMIN.id);

    const welcome = notice(WELCOME_BACK_TITLE);
    expect(welcome).toHaveAttribute('role', 'status');
    expect(welcome).toHaveTextContent(`${WELCOME_BACK_TITLE}${WELCOME_BACK_DESCRIPTION}`);
    expect(props.navigate).toHaveBeenCalledTimes(1);
    expect(props.navigate).toHaveBeenCalledWith(ADMIN_PAGE_PATH);

    act(() => jest.advanceTimersByTime(WELCOME_BACK_NOTICE_MS - 1));
    expect(welcome).toHaveAttribute('data-state', 'open');
    act(() => jest.advanceTimersByTime(1));
    expect(welcome).toHaveAttribute('data-state', 'closed');
    expect(props.onError).not.toHaveBeenCalled();
  });

  it.each([
    ['the request fails', 0, { returnToAdmin: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) }],
    [
      'the server answers an error',
      0,
      { returnToAdmin: jest.fn().mockResolvedValue({ ok: false, error: { code: 'forbidden', message: 'Forbidden', status: 403 } }) },
    ],
    ['success is false', 0, { returnToAdmin: jest.fn().mockResolvedValue({ ok: true, data: { success: false, adminUser: ADMIN } }) }],
    ['the sign-in is not ok', RETURNING_NOTICE_MS, { signIn: jest.fn().mockResolvedValue({ ok: false, error: 'CredentialsSignin' }) }],
  ])('shows the error alert for 5 seconds and signs out when %s', async (_, failsAfterMs, overrides) => {
    const { user, props } = setup(overrides);
    await clickReturn(user);
    await act(() => jest.advanceTimersByTimeAsync(failsAfterMs));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`${ERROR_NOTICE_TITLE}${ERROR_NOTICE_DESCRIPTION}`);
    expect(alert).not.toHaveTextContent(/Forbidden|Failed to fetch|CredentialsSignin/);
    expect(props.onError).toHaveBeenCalledWith(expect.objectContaining({ message: RETURN_FAILURE_MESSAGE }), expect.anything());

    await act(() => jest.advanceTimersByTimeAsync(ERROR_NOTICE_MS - 1));
    expect(alert).toHaveAttribute('data-state', 'open');
    expect(props.navigate).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(alert).toHaveAttribute('data-state', 'closed');
    expect(props.navigate).toHaveBeenCalledTimes(1);
    expect(props.navigate).toHaveBeenCalledWith(SIGN_OUT_PATH);
  });

  it('runs the flow once on a double click and shows the pending state meanwhile', async () => {
    const request = deferred<ReturnToAdminResult>();
    const { user, props } = setup({ returnToAdmin: jest.fn(() => request.promise) });
    await user.tab();
    const returnButton = screen.getByRole('button', { name: RETURN_BUTTON_LABEL });

    await user.dblClick(returnButton);
    expect(returnButton).toHaveAttribute('aria-busy', 'true');
    await act(async () => request.resolve(RETURNED));
    await act(() => jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS));

    expect(props.returnToAdmin).toHaveBeenCalledTimes(1);
    expect(props.signIn).toHaveBeenCalledTimes(1);
    expect(props.navigate).toHaveBeenCalledTimes(1);
  });

  it('finishes the flow after the sign-in has ended the impersonation and the badge is gone', async () => {
    const signIn = deferred<SignInResult>();
    const { user, props, banner } = setup({ signIn: jest.fn(() => signIn.promise) });
    await clickReturn(user);
    await act(() => jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS));

    // The session provider refreshes: the host now passes the admin, who is not impersonated.
    banner.rerender(<ImpersonationBanner {...props} user={{ email: ADMIN.email, isImpersonated: false }} />);
    expect(screen.queryByRole('button', { name: BADGE_LABEL })).not.toBeInTheDocument();
    await act(async () => signIn.resolve(SIGNED_IN));

    expect(notice(WELCOME_BACK_TITLE)).toBeInTheDocument();
    expect(props.navigate).toHaveBeenCalledWith(ADMIN_PAGE_PATH);
  });

  it('leaves no timer and no update behind when unmounted mid-flow', async () => {
    const timers = watchTimers(RETURNING_NOTICE_MS);
    // Notices go to a mock: the toaster's own timer for the returning toast would also last 2000 ms.
    const { user, props, banner } = setup({ notify: jest.fn() });
    await clickReturn(user);
    expect(timers.unclearedCount()).toBe(1);

    banner.unmount();
    expect(timers.unclearedCount()).toBe(0);
    await act(() => jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS));
    expect(props.signIn).not.toHaveBeenCalled();
    expect(props.navigate).not.toHaveBeenCalled();
    // test-setup.ts fails the test if React warned about an update after the unmount.
  });

  it('has no accessibility violations with the panel open and a notice showing', async () => {
    // axe schedules its own timers, so this test runs on the real clock.
    jest.useRealTimers();
    const user = userEvent.setup();
    render(<Toaster />);
    render(
      <ImpersonationBanner
        user={IMPERSONATED_USER}
        returnToAdmin={async () => RETURNED}
        signIn={async () => SIGNED_IN}
        navigate={jest.fn()}
      />,
    );
    await user.tab();
    await user.click(screen.getByRole('button', { name: RETURN_BUTTON_LABEL }));
    expect(await screen.findByText(RETURNING_NOTICE_TITLE)).toBeInTheDocument();
    expect(await axeInAct(document.body)).toHaveNoViolations();
  });
});
