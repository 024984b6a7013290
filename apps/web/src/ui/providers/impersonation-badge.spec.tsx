/** @jest-environment jsdom */
import { BANNER_DEFAULTS } from '@viewas/impersonation-banner';
import type { SessionUser } from '@viewas/session-client';
import { act, screen, waitFor } from '@testing-library/react';
import type { Session } from 'next-auth';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fail } from '../../../testing/ui/fixtures';
import { fakeRouter, holdSessionFetch, NextContext, sessionOf } from '../../../testing/ui/next';
import { fakeApi, fakeServices, renderWithApp, TestProviders } from '../../../testing/ui/render';
import { ImpersonationBadge } from './impersonation-badge';

const { adminPage: ADMIN_PAGE_PATH, signOut: SIGN_OUT_PATH } = BANNER_DEFAULTS.routes;
const { errorDescription: ERROR_NOTICE_DESCRIPTION, welcomeBackDescription: WELCOME_BACK_DESCRIPTION } = BANNER_DEFAULTS.texts;
const {
  errorNoticeMs: ERROR_NOTICE_MS,
  returningNoticeMs: RETURNING_NOTICE_MS,
  welcomeBackNoticeMs: WELCOME_BACK_NOTICE_MS,
} = BANNER_DEFAULTS.durations;

const viewedAs: SessionUser = {
  id: 'usr_ada',
  email: 'ada@example.com',
  role: 'user',
  isImpersonated: true,
  impersonator: { id: 'usr_grace', email: 'grace@example.com' },
};

/** Rendered, with the badge's code (fetched on demand) in and the badge on screen. */
async function setup(services = fakeServices()) {
  const router = fakeRouter();
  const rendered = renderWithApp(
    <NextContext router={router} session={sessionOf(viewedAs)}>
      <ImpersonationBadge initialUser={viewedAs} />
    </NextContext>,
    { services },
  );
  await screen.findByRole('button', { name: 'Admin Mode' });
  return { ...rendered, router };
}

/** Holds next-auth's session fetch until the test answers it with `session`. */
function deferSessionFetch(): { answer: (session: Session) => Promise<void>; restore: () => void } {
  const original = globalThis.fetch;
  let respond: (session: Session) => void = () => undefined;
  globalThis.fetch = jest.fn(
    () => new Promise((resolve) => (respond = (session) => resolve({ ok: true, json: async () => session } as Response))),
  );
  return {
    answer: async (session) => {
      await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
      await act(async () => respond(session));
    },
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** With the keyboard: focus opens the panel, Tab reaches its button, Enter presses it. */
async function returnToAdmin(user: Awaited<ReturnType<typeof setup>>['user']) {
  await user.tab();
  expect(screen.getByRole('button', { name: 'Admin Mode' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Return to Admin' })).toHaveFocus();
  await user.keyboard('{Enter}');
}

describe('ImpersonationBadge', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the Admin Mode badge while the session user is impersonated', async () => {
    renderWithApp(
      <NextContext session={sessionOf(viewedAs)}>
        <ImpersonationBadge initialUser={viewedAs} />
      </NextContext>,
    );
    expect(await screen.findByRole('button', { name: 'Admin Mode' })).toBeInTheDocument();
  });

  it('hydrates the badge the server painted in place, and keeps that element and its text when the client session loads', async () => {
    const session = deferSessionFetch();
    const services = fakeServices();
    const page = (
      <TestProviders services={services}>
        <NextContext session="loading">
          <ImpersonationBadge initialUser={viewedAs} />
        </NextContext>
      </TestProviders>
    );
    const container = document.body.appendChild(document.createElement('div'));
    try {
      container.innerHTML = renderToString(page);
      const painted = screen.getByRole('button', { name: 'Admin Mode' });
      const paintedText = painted.firstChild;
      const removed: Node[] = [];
      const observer = new MutationObserver((records) => removed.push(...records.flatMap((record) => [...record.removedNodes])));
      observer.observe(container, { childList: true, subtree: true });
      const recoverableErrors: unknown[] = [];

      const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: (error) => recoverableErrors.push(error) }));
      // The first update above the badge after load: next-auth's session read answers.
      await session.answer(sessionOf(viewedAs));

      expect(screen.getByRole('button', { name: 'Admin Mode' })).toBe(painted);
      expect(painted.firstChild).toBe(paintedText);
      expect(removed.filter((node) => node === painted || node.contains(painted) || node === paintedText)).toEqual([]);
      expect(recoverableErrors).toEqual([]);
      observer.disconnect();
      act(() => root.unmount());
    } finally {
      session.restore();
      container.remove();
    }
  });

  it('renders nothing for an ordinary session', async () => {
    const ordinary = { ...viewedAs, isImpersonated: false, impersonator: undefined };
    const { container } = renderWithApp(
      <NextContext session={sessionOf(ordinary)}>
        <ImpersonationBadge initialUser={ordinary} />
      </NextContext>,
    );
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Admin Mode' })).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the badge from the server-rendered user before the client session has loaded', async () => {
    const release = holdSessionFetch();
    try {
      renderWithApp(
        <NextContext session="loading">
          <ImpersonationBadge initialUser={viewedAs} />
        </NextContext>,
      );
      expect(await screen.findByRole('button', { name: 'Admin Mode' })).toBeInTheDocument();
    } finally {
      release();
    }
  });

  it('returns through the admin API and next-auth, then opens the admin page with the client router and refreshes it', async () => {
    jest.useFakeTimers();
    const { user, services, router } = await setup();
    await returnToAdmin(user);

    expect(services.api.returnToAdmin).toHaveBeenCalledTimes(1);
    expect(services.notify).toHaveBeenCalledWith(expect.objectContaining({ kind: 'info', durationMs: RETURNING_NOTICE_MS }));
    await act(async () => jest.advanceTimersByTime(RETURNING_NOTICE_MS - 1));
    expect(services.signInReturnToAdmin).not.toHaveBeenCalled();

    await act(async () => jest.advanceTimersByTime(1));
    expect(services.signInReturnToAdmin).toHaveBeenCalledWith('usr_grace');
    expect(services.notify).toHaveBeenCalledWith({
      kind: 'success',
      title: 'Welcome Back!',
      description: WELCOME_BACK_DESCRIPTION,
      durationMs: WELCOME_BACK_NOTICE_MS,
    });
    expect(router.push).toHaveBeenCalledWith(ADMIN_PAGE_PATH);
    expect(router.refresh).toHaveBeenCalled();
    expect(services.assignLocation).not.toHaveBeenCalled();
  });

  it('loads the sign-out page in full once the error notice has had its 5 s, when the return fails', async () => {
    jest.useFakeTimers();
    const services = fakeServices({ api: fakeApi({ returnToAdmin: jest.fn(async () => fail('forbidden', 'no', 403)) }) });
    const onError = jest.fn();
    const router = fakeRouter();
    const { user } = renderWithApp(
      <NextContext router={router} session={sessionOf(viewedAs)}>
        <ImpersonationBadge initialUser={viewedAs} onError={onError} />
      </NextContext>,
      { services },
    );
    await screen.findByRole('button', { name: 'Admin Mode' });
    await returnToAdmin(user);

    await screen.findByRole('button', { name: 'Admin Mode' });
    expect(services.notify).toHaveBeenCalledWith({
      kind: 'error',
      title: 'Error',
      description: ERROR_NOTICE_DESCRIPTION,
      durationMs: ERROR_NOTICE_MS,
    });
    await act(async () => jest.advanceTimersByTime(ERROR_NOTICE_MS - 1));
    expect(services.assignLocation).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(1));
    expect(services.assignLocation).toHaveBeenCalledWith(SIGN_OUT_PATH);
    expect(router.push).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed to return to admin account' }), expect.anything());
  });

  it('finishes the return after its sign-in switched the session back to the admin and the badge is gone', async () => {
    jest.useFakeTimers();
    const admin: SessionUser = { id: 'usr_grace', email: 'grace@example.com', role: 'admin', isImpersonated: false };
    // The live session, as next-auth refetches it when the window becomes visible again.
    const original = globalThis.fetch;
    globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => sessionOf(admin) }) as Response);
    try {
      const services = fakeServices({
        signInReturnToAdmin: jest.fn(async () => {
          await act(async () => {
            document.dispatchEvent(new Event('visibilitychange'));
          });
          await waitFor(() => expect(screen.queryByRole('button', { name: 'Admin Mode' })).not.toBeInTheDocument());
          return { ok: true, error: null };
        }),
      });
      const { user, router } = await setup(services);
      await returnToAdmin(user);
      await act(async () => jest.advanceTimersByTime(RETURNING_NOTICE_MS));

      await waitFor(() => expect(router.push).toHaveBeenCalledWith(ADMIN_PAGE_PATH));
      expect(services.signInReturnToAdmin).toHaveBeenCalledWith('usr_grace');
      expect(services.notify).toHaveBeenCalledWith(expect.objectContaining({ kind: 'success', title: 'Welcome Back!' }));
      expect(screen.queryByRole('button', { name: 'Admin Mode' })).not.toBeInTheDocument();
    } finally {
      globalThis.fetch = original;
    }
  });
});
