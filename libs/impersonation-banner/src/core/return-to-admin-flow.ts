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
} from '../constants';
import type {
  Notify,
  ReturnToAdminErrorHandler,
  ReturnToAdminResult,
  ReturnToAdminStatus,
  SignInResult,
} from '../types';
import { delay } from './delay';

export interface ReturnToAdminActions {
  /** Posts to `/api/admin/return-to-admin` (admin-api client's `returnToAdmin`); `signal` aborts it on unmount. */
  returnToAdmin: (options: { signal: AbortSignal }) => Promise<ReturnToAdminResult>;
  /** Signs in with the 'return-to-admin' credentials, `redirect: false`. */
  signIn: (adminUserId: string) => Promise<SignInResult>;
  /** Sends the browser to a URL. */
  navigate: (url: string) => void;
  notify: Notify;
  onError?: ReturnToAdminErrorHandler;
}

export type ReturnToAdminOutcome = 'succeeded' | 'failed' | 'aborted';

type Attempt = { ok: true } | { ok: false; cause: unknown } | 'aborted';

/**
 * SPEC.md §4 steps 1-4 up to the final outcome. Every failure becomes `{ ok: false, cause }`;
 * `'aborted'` means the owner went away and nothing more may happen.
 */
async function attempt(
  { returnToAdmin, signIn, notify }: ReturnToAdminActions,
  signal: AbortSignal,
  onStep: (status: ReturnToAdminStatus) => void,
): Promise<Attempt> {
  onStep('requesting');
  const response = await returnToAdmin({ signal });
  if (signal.aborted) return 'aborted';
  if (!response.ok) return { ok: false, cause: response.error };
  // The schema says `success: true`, but SPEC.md §4 names `success: false` as a failure: check it anyway.
  if (response.data.success !== true) return { ok: false, cause: response.data };

  onStep('returning');
  notify({ kind: 'info', title: RETURNING_NOTICE_TITLE, durationMs: RETURNING_NOTICE_MS });
  await delay(RETURNING_NOTICE_MS, signal);
  if (signal.aborted) return 'aborted';

  onStep('signing-in');
  const signedIn = await signIn(response.data.adminUser.id);
  if (signal.aborted) return 'aborted';
  // next-auth v4 answers `ok: true` together with an `error` when credentials are refused.
  if (!signedIn.ok || signedIn.error) return { ok: false, cause: signedIn };
  return { ok: true };
}

/**
 * Runs the whole return-to-admin flow once and reports each status through `onStep`.
 * Never throws; calls `navigate` exactly once unless `signal` aborts first: to the admin page at
 * once on success (client-side, the welcome notice stays), to sign-out after the error notice's
 * 5 s on failure.
 */
export async function runReturnToAdmin(
  actions: ReturnToAdminActions,
  signal: AbortSignal,
  onStep: (status: ReturnToAdminStatus) => void = () => undefined,
): Promise<ReturnToAdminOutcome> {
  let result: Attempt;
  try {
    result = await attempt(actions, signal, onStep);
  } catch (cause) {
    result = signal.aborted ? 'aborted' : { ok: false, cause };
  }
  if (result === 'aborted') return 'aborted';

  if (result.ok) {
    actions.notify({
      kind: 'success',
      title: WELCOME_BACK_TITLE,
      description: WELCOME_BACK_DESCRIPTION,
      durationMs: WELCOME_BACK_NOTICE_MS,
    });
    onStep('succeeded');
    actions.navigate(ADMIN_PAGE_PATH);
    return 'succeeded';
  }

  try {
    actions.onError?.(new Error(RETURN_FAILURE_MESSAGE, { cause: result.cause }), result.cause);
  } catch {
    // A broken logger must not leave the user stuck without the notice and the sign-out.
  }
  actions.notify({
    kind: 'error',
    title: ERROR_NOTICE_TITLE,
    description: ERROR_NOTICE_DESCRIPTION,
    durationMs: ERROR_NOTICE_MS,
  });
  onStep('failed');
  // The sign-out page is a full page load that would wipe the notice at once: SPEC.md §8 shows it
  // for 5 s, then signs out. Unmounting meanwhile cancels the wait like every other step.
  await delay(ERROR_NOTICE_MS, signal);
  if (signal.aborted) return 'aborted';
  actions.navigate(SIGN_OUT_PATH);
  return 'failed';
}
