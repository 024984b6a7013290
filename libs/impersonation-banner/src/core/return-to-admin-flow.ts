import type { BannerOptions, BannerSettings } from '../defaults';
import type { Notify, ReturnToAdminErrorHandler, ReturnToAdminResult, ReturnToAdminStatus, SignInResult } from '../types';
import { delay } from './delay';

/** What the flow does, and (optionally) other texts, routes and notice durations than the defaults. */
export interface ReturnToAdminActions extends BannerOptions {
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
 * The return's steps up to the final outcome. Every failure becomes `{ ok: false, cause }`;
 * `'aborted'` means the owner went away and nothing more may happen.
 */
async function attempt(
  { returnToAdmin, signIn, notify }: ReturnToAdminActions,
  { texts, durations }: BannerSettings,
  signal: AbortSignal,
  onStep: (status: ReturnToAdminStatus) => void,
): Promise<Attempt> {
  onStep('requesting');
  const response = await returnToAdmin({ signal });
  if (signal.aborted) return 'aborted';
  if (!response.ok) return { ok: false, cause: response.error };
  // The schema says `success: true`, but an answer of `success: false` is a failure too: check it anyway.
  if (response.data.success !== true) return { ok: false, cause: response.data };

  onStep('returning');
  // Its time runs from when it is on screen: the default notice's code is fetched first (on a busy page it
  // showed for less than its time before the sign-in moved on). One that cannot be shown stops nothing.
  await Promise.resolve(notify({ kind: 'info', title: texts.returningTitle, durationMs: durations.returningNoticeMs })).catch(
    () => undefined,
  );
  if (signal.aborted) return 'aborted';
  await delay(durations.returningNoticeMs, signal);
  if (signal.aborted) return 'aborted';

  onStep('signing-in');
  const signedIn = await signIn(response.data.adminUser.id);
  if (signal.aborted) return 'aborted';
  // next-auth v4 answers `ok: true` together with an `error` when credentials are refused.
  if (!signedIn.ok || signedIn.error) return { ok: false, cause: signedIn };
  return { ok: true };
}

/**
 * Runs the whole return-to-admin flow once with `settings` (`resolveBannerSettings(actions)`, which
 * the caller passes so this module, loaded on the first click, carries no copy of the defaults) and
 * reports each status through `onStep`. Never throws; calls `navigate` exactly once unless `signal`
 * aborts first (then nothing at all happens): to the admin page at once on success (client-side, the
 * welcome notice stays), to sign-out after the error notice's 5 s on failure.
 */
export async function runReturnToAdmin(
  actions: ReturnToAdminActions,
  settings: BannerSettings,
  signal: AbortSignal,
  onStep: (status: ReturnToAdminStatus) => void = () => undefined,
): Promise<ReturnToAdminOutcome> {
  // The owner may have gone while this module was loading.
  if (signal.aborted) return 'aborted';
  const { texts, routes, durations } = settings;
  let result: Attempt;
  try {
    result = await attempt(actions, settings, signal, onStep);
  } catch (cause) {
    result = signal.aborted ? 'aborted' : { ok: false, cause };
  }
  if (result === 'aborted') return 'aborted';

  if (result.ok) {
    actions.notify({
      kind: 'success',
      title: texts.welcomeBackTitle,
      description: texts.welcomeBackDescription,
      durationMs: durations.welcomeBackNoticeMs,
    });
    onStep('succeeded');
    actions.navigate(routes.adminPage);
    return 'succeeded';
  }

  try {
    actions.onError?.(new Error(texts.failureMessage, { cause: result.cause }), result.cause);
  } catch {
    // A broken logger must not leave the user stuck without the notice and the sign-out.
  }
  actions.notify({
    kind: 'error',
    title: texts.errorTitle,
    description: texts.errorDescription,
    durationMs: durations.errorNoticeMs,
  });
  onStep('failed');
  // The sign-out page is a full page load that would wipe the notice at once: it shows for its
  // duration (5 s by default), then signs out. Unmounting meanwhile cancels the wait like every other step.
  await delay(durations.errorNoticeMs, signal);
  if (signal.aborted) return 'aborted';
  actions.navigate(routes.signOut);
  return 'failed';
}
