import {
  ADMIN_PAGE_PATH,
  ERROR_NOTICE_DESCRIPTION,
  ERROR_NOTICE_MS,
  ERROR_NOTICE_TITLE,
  RETURNING_NOTICE_MS,
  RETURNING_NOTICE_TITLE,
  RETURN_FAILURE_MESSAGE,
  SIGN_OUT_PATH,
  WELCOME_BACK_DESCRIPTION,
  WELCOME_BACK_NOTICE_MS,
  WELCOME_BACK_TITLE,
} from '../../testing/defaults';
import { deferred } from '../../testing/deferred';
import { ADMIN, RETURNED, SIGNED_IN } from '../../testing/fixtures';
import type { ReturnToAdminResult, SignInResult } from '../types';
import { resolveBannerSettings } from '../defaults';
import { runReturnToAdmin, type ReturnToAdminActions } from './return-to-admin-flow';

function setup(overrides: Partial<Pick<ReturnToAdminActions, 'returnToAdmin' | 'signIn' | 'texts' | 'routes' | 'durations'>> = {}) {
  const actions = {
    returnToAdmin: jest.fn<Promise<ReturnToAdminResult>, [{ signal: AbortSignal }]>().mockResolvedValue(RETURNED),
    signIn: jest.fn<Promise<SignInResult>, [string]>().mockResolvedValue(SIGNED_IN),
    navigate: jest.fn<void, [string]>(),
    notify: jest.fn(),
    onError: jest.fn<void, [Error, unknown]>(),
    ...overrides,
  };
  const controller = new AbortController();
  const steps: string[] = [];
  const run = runReturnToAdmin(actions, resolveBannerSettings(actions), controller.signal, (step) => steps.push(step));
  return { actions, controller, steps, run };
}

const ERROR_NOTICE = {
  kind: 'error',
  title: ERROR_NOTICE_TITLE,
  description: ERROR_NOTICE_DESCRIPTION,
  durationMs: ERROR_NOTICE_MS,
};

async function expectFailure({ actions, run }: ReturnType<typeof setup>, cause: unknown) {
  await jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS);
  expect(actions.notify).toHaveBeenLastCalledWith(ERROR_NOTICE);
  expect(actions.navigate).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(ERROR_NOTICE_MS);
  await expect(run).resolves.toBe('failed');
  expect(actions.navigate).toHaveBeenCalledTimes(1);
  expect(actions.navigate).toHaveBeenCalledWith(SIGN_OUT_PATH);
  expect(actions.onError).toHaveBeenCalledTimes(1);
  const [error, reportedCause] = actions.onError.mock.calls[0] ?? [];
  expect(error).toBeInstanceOf(Error);
  expect(error?.message).toBe(RETURN_FAILURE_MESSAGE);
  expect(error?.cause).toEqual(cause);
  expect(reportedCause).toEqual(cause);
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('runReturnToAdmin', () => {
  it('does nothing at all when its signal aborted before it ran (the owner left while the flow was loading)', async () => {
    const actions = { returnToAdmin: jest.fn(), signIn: jest.fn(), navigate: jest.fn(), notify: jest.fn(), onError: jest.fn() };
    const controller = new AbortController();
    controller.abort();
    const onStep = jest.fn();

    await expect(runReturnToAdmin(actions, resolveBannerSettings(), controller.signal, onStep)).resolves.toBe('aborted');
    for (const action of [actions.returnToAdmin, actions.signIn, actions.navigate, actions.notify, actions.onError, onStep]) {
      expect(action).not.toHaveBeenCalled();
    }
  });

  it('posts, shows the returning notice for 2000 ms, signs in as the admin after it, then welcomes and opens the admin page', async () => {
    const { actions, controller, steps, run } = setup();
    await jest.advanceTimersByTimeAsync(0);

    expect(actions.returnToAdmin).toHaveBeenCalledTimes(1);
    expect(actions.returnToAdmin).toHaveBeenCalledWith({ signal: controller.signal });
    expect(actions.notify).toHaveBeenCalledWith({
      kind: 'info',
      title: RETURNING_NOTICE_TITLE,
      durationMs: RETURNING_NOTICE_MS,
    });

    await jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS - 1);
    expect(actions.signIn).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(1);
    expect(actions.signIn).toHaveBeenCalledTimes(1);
    expect(actions.signIn).toHaveBeenCalledWith(ADMIN.id);

    await expect(run).resolves.toBe('succeeded');
    expect(actions.notify).toHaveBeenLastCalledWith({
      kind: 'success',
      title: WELCOME_BACK_TITLE,
      description: WELCOME_BACK_DESCRIPTION,
      durationMs: WELCOME_BACK_NOTICE_MS,
    });
    expect(actions.navigate).toHaveBeenCalledTimes(1);
    expect(actions.navigate).toHaveBeenCalledWith(ADMIN_PAGE_PATH);
    expect(actions.onError).not.toHaveBeenCalled();
    expect(steps).toEqual(['requesting', 'returning', 'signing-in', 'succeeded']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("counts the returning notice's 2000 ms from when the notice is on screen, not from when it was asked for", async () => {
    const shown = deferred<void>();
    const flow = setup();
    flow.actions.notify.mockReturnValueOnce(shown.promise);
    await jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS);
    expect(flow.actions.signIn).not.toHaveBeenCalled();

    shown.resolve();
    await jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS - 1);
    expect(flow.actions.signIn).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(flow.actions.signIn).toHaveBeenCalledWith(ADMIN.id);
    await expect(flow.run).resolves.toBe('succeeded');
  });

  it('still returns after 2000 ms when the returning notice cannot be shown (its code did not load)', async () => {
    const flow = setup();
    flow.actions.notify.mockReturnValueOnce(Promise.reject(new Error('chunk failed')));
    await jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS);
    expect(flow.actions.signIn).toHaveBeenCalledWith(ADMIN.id);
    await expect(flow.run).resolves.toBe('succeeded');
    expect(flow.actions.onError).not.toHaveBeenCalled();
  });

  it('shows the error notice for 5 seconds and signs out when the request throws', async () => {
    const networkDown = new TypeError('Failed to fetch');
    const flow = setup({ returnToAdmin: jest.fn().mockRejectedValue(networkDown) });
    await expectFailure(flow, networkDown);
    expect(flow.actions.signIn).not.toHaveBeenCalled();
    expect(flow.steps).toEqual(['requesting', 'failed']);
  });

  it('shows the error notice and signs out without a returning notice when the server answers not ok', async () => {
    const error = { code: 'forbidden', message: 'Not impersonating', status: 403 };
    const flow = setup({ returnToAdmin: jest.fn().mockResolvedValue({ ok: false, error }) });
    await expectFailure(flow, error);
    expect(flow.actions.notify).toHaveBeenCalledTimes(1);
    expect(flow.actions.signIn).not.toHaveBeenCalled();
  });

  it('shows the error notice and signs out when the server answers success false', async () => {
    const data = { success: false, adminUser: ADMIN };
    const flow = setup({ returnToAdmin: jest.fn().mockResolvedValue({ ok: true, data }) });
    await expectFailure(flow, data);
    expect(flow.actions.signIn).not.toHaveBeenCalled();
  });

  it('shows the error notice and signs out when the sign-in is not ok', async () => {
    const refused = { ok: false, error: 'CredentialsSignin' };
    const flow = setup({ signIn: jest.fn().mockResolvedValue(refused) });
    await expectFailure(flow, refused);
    expect(flow.steps).toEqual(['requesting', 'returning', 'signing-in', 'failed']);
  });

  it('treats an ok sign-in that carries an error (next-auth v4 refused credentials) as a failure', async () => {
    const refusedButOk = { ok: true, error: 'CredentialsSignin' };
    await expectFailure(setup({ signIn: jest.fn().mockResolvedValue(refusedButOk) }), refusedButOk);
  });

  it('shows the error notice and signs out when the sign-in throws', async () => {
    const crash = new Error('session service down');
    await expectFailure(setup({ signIn: jest.fn().mockRejectedValue(crash) }), crash);
  });

  it('still shows the error notice and signs out when the error handler itself throws', async () => {
    const flow = setup({ returnToAdmin: jest.fn().mockRejectedValue(new Error('boom')) });
    flow.actions.onError.mockImplementation(() => {
      throw new Error('logger down');
    });
    await jest.advanceTimersByTimeAsync(ERROR_NOTICE_MS);
    await expect(flow.run).resolves.toBe('failed');
    expect(flow.actions.notify).toHaveBeenLastCalledWith(ERROR_NOTICE);
    expect(flow.actions.navigate).toHaveBeenCalledWith(SIGN_OUT_PATH);
  });

  it('keeps the error notice on screen for 5000 ms before going to the sign-out page, which would replace it', async () => {
    const { actions, run } = setup({
      returnToAdmin: jest.fn().mockResolvedValue({ ok: false, error: { code: 'forbidden', message: 'No', status: 403 } }),
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(actions.notify).toHaveBeenLastCalledWith(ERROR_NOTICE);

    await jest.advanceTimersByTimeAsync(ERROR_NOTICE_MS - 1);
    expect(actions.navigate).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(1);
    expect(actions.navigate).toHaveBeenCalledWith(SIGN_OUT_PATH);
    await expect(run).resolves.toBe('failed');
  });

  it('leaves no timer and does not navigate when aborted while the error notice shows', async () => {
    const { actions, controller, steps, run } = setup({ returnToAdmin: jest.fn().mockRejectedValue(new Error('offline')) });
    await jest.advanceTimersByTimeAsync(ERROR_NOTICE_MS - 1);
    controller.abort();

    await expect(run).resolves.toBe('aborted');
    expect(jest.getTimerCount()).toBe(0);
    expect(actions.navigate).not.toHaveBeenCalled();
    expect(steps).toEqual(['requesting', 'failed']);
  });

  it('stops without signing in, notifying again or navigating when aborted during the returning notice', async () => {
    const { actions, controller, steps, run } = setup();
    await jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS - 1);
    controller.abort();

    await expect(run).resolves.toBe('aborted');
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS);
    expect(actions.signIn).not.toHaveBeenCalled();
    expect(actions.notify).toHaveBeenCalledTimes(1);
    expect(actions.navigate).not.toHaveBeenCalled();
    expect(steps).toEqual(['requesting', 'returning']);
  });

  it('ignores the answer and does nothing more when aborted while the request is in flight', async () => {
    const request = deferred<ReturnToAdminResult>();
    const { actions, controller, run } = setup({ returnToAdmin: () => request.promise });
    controller.abort();
    request.resolve(RETURNED);

    await expect(run).resolves.toBe('aborted');
    expect(actions.notify).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('neither reports nor navigates when the request fails after an abort', async () => {
    const request = deferred<ReturnToAdminResult>();
    const { actions, controller, run } = setup({ returnToAdmin: () => request.promise });
    controller.abort();
    request.reject(new Error('aborted fetch'));

    await expect(run).resolves.toBe('aborted');
    expect(actions.onError).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('does not welcome or navigate when aborted while signing in', async () => {
    const signIn = deferred<SignInResult>();
    const { actions, controller, run } = setup({ signIn: () => signIn.promise });
    await jest.advanceTimersByTimeAsync(RETURNING_NOTICE_MS);
    controller.abort();
    signIn.resolve(SIGNED_IN);

    await expect(run).resolves.toBe('aborted');
    expect(actions.notify).toHaveBeenCalledTimes(1);
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  describe("with a host's own texts, routes and durations", () => {
    const texts = {
      returningTitle: 'Zurück zum Admin-Konto',
      welcomeBackTitle: 'Willkommen zurück!',
      errorTitle: 'Fehler',
      failureMessage: 'Rückkehr fehlgeschlagen',
    };
    const routes = { adminPage: '/staff/impersonation', signOut: '/auth/sign-out' };
    const durations = { returningNoticeMs: 500, welcomeBackNoticeMs: 1500, errorNoticeMs: 8000 };

    it('shows its notices for its durations and opens its admin page, keeping the defaults it does not override', async () => {
      const { actions, run } = setup({ texts, routes, durations });
      await jest.advanceTimersByTimeAsync(0);
      expect(actions.notify).toHaveBeenCalledWith({ kind: 'info', title: texts.returningTitle, durationMs: durations.returningNoticeMs });

      await jest.advanceTimersByTimeAsync(durations.returningNoticeMs - 1);
      expect(actions.signIn).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      await expect(run).resolves.toBe('succeeded');
      expect(actions.notify).toHaveBeenLastCalledWith({
        kind: 'success',
        title: texts.welcomeBackTitle,
        description: WELCOME_BACK_DESCRIPTION,
        durationMs: durations.welcomeBackNoticeMs,
      });
      expect(actions.navigate).toHaveBeenCalledWith(routes.adminPage);
    });

    it('shows its error notice for its duration, then goes to its sign-out route', async () => {
      const { actions, run } = setup({
        texts,
        routes,
        durations,
        returnToAdmin: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')),
      });
      await jest.advanceTimersByTimeAsync(0);
      expect(actions.notify).toHaveBeenLastCalledWith({
        kind: 'error',
        title: texts.errorTitle,
        description: ERROR_NOTICE_DESCRIPTION,
        durationMs: durations.errorNoticeMs,
      });
      expect(actions.onError).toHaveBeenCalledWith(expect.objectContaining({ message: texts.failureMessage }), expect.anything());

      await jest.advanceTimersByTimeAsync(durations.errorNoticeMs - 1);
      expect(actions.navigate).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      await expect(run).resolves.toBe('failed');
      expect(actions.navigate).toHaveBeenCalledWith(routes.signOut);
    });
  });
});
