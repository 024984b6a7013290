'use client';

import {
  isPendingApproval,
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
  type ImpersonatePendingResponse,
  type ImpersonateRequest,
} from '@viewas/admin-api';
import { useCallback, useState } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { describeError } from '../data/describe-error';
import { useBrowserServices } from '../services/browser-services-context';

/** Where the start flow is: one string, so the dialog cannot show two states at once. */
export type StartStatus = 'editing' | 'starting' | 'requested' | 'signing-in' | 'navigating';

/** How to view: the mode, and whether it is a break-glass start. */
export type StartOptions = Pick<ImpersonateRequest, 'mode' | 'breakGlass'>;

export type ReasonProblem = 'too-short' | 'too-long' | null;

/** What is wrong with a reason, judged on its trimmed length as the server does. */
export function reasonProblem(reason: string): ReasonProblem {
  const length = reason.trim().length;
  if (length < REASON_MIN_LENGTH) return 'too-short';
  if (length > REASON_MAX_LENGTH) return 'too-long';
  return null;
}

/** Where the browser lands once the session has become the target user's. */
export const AFTER_START_PATH = '/';

/**
 * Starts viewing as `userId`: records the impersonation with its reason, turns it into this
 * browser's session, then loads the home page as that user (a full load, so every part of the
 * page picks up the new session cookie).
 */
export function useStartImpersonation(userId: string) {
  const { api, signInImpersonation, assignLocation } = useBrowserServices();
  const { messages } = useI18n();
  const [status, setStatus] = useState<StartStatus>('editing');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  // A start that needs approval first: the request it opened, shown until the dialog closes.
  const [requested, setRequested] = useState<ImpersonatePendingResponse | null>(null);
  // Step-up: the server asked for the password (`reauth_required`); the dialog shows the field until a start succeeds.
  const [needsPassword, setNeedsPassword] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const start = useCallback(
    async (reason: string, options: StartOptions = {}, password?: string) => {
      if (reasonProblem(reason) !== null) return;
      setError(null);
      setReasonError(null);
      setPasswordError(null);
      setStatus('starting');
      if (password !== undefined) {
        const entered = await api.reauth(password);
        if (!entered.ok) {
          if (entered.error.code === 'invalid_password') setPasswordError(messages.admin.reason.wrongPassword);
          else setError(describeError(entered.error, messages.common.error));
          setStatus('editing');
          return;
        }
      }
      const started = await api.startImpersonation({ userId, reason: reason.trim(), ...options });
      if (!started.ok && started.error.code === 'reauth_required') {
        setNeedsPassword(true);
        if (password !== undefined) setPasswordError(messages.admin.reason.passwordHint);
        setStatus('editing');
        return;
      }
      if (!started.ok) {
        const issue = started.error.issues?.find((candidate) => candidate.path === 'reason');
        if (issue) setReasonError(issue.message);
        else setError(describeError(started.error, messages.common.error));
        setStatus('editing');
        return;
      }
      if (isPendingApproval(started.data)) {
        setRequested(started.data);
        setStatus('requested');
        return;
      }
      setStatus('signing-in');
      const signedIn = await signInImpersonation(started.data.impersonationId);
      if (!signedIn.ok) {
        setError(messages.admin.reason.signInFailed);
        setStatus('editing');
        return;
      }
      setStatus('navigating');
      assignLocation(AFTER_START_PATH);
    },
    [api, signInImpersonation, assignLocation, userId, messages],
  );

  return { status, error, reasonError, requested, needsPassword, passwordError, start };
}
