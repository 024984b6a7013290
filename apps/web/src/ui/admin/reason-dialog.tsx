'use client';

import type { AdminUserSummary, ViewMode } from '@viewas/admin-api';
import type { Messages } from '../../i18n/messages';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '@viewas/admin-api';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { Dialog, DialogActions } from '../components/dialog';
import { ErrorState } from '../components/feedback';
import { TextAreaField, TextField } from '../components/field';
import { ViewModeChoice } from './view-mode-choice';
import { RequestSent } from './request-sent';
import { reasonProblem, useStartImpersonation } from './use-start-impersonation';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const Approval = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.infoSurface};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** What a start in `mode` will need first, as the server said for this user; `null` when it starts at once. */
function approvalNotes(user: AdminUserSummary, mode: ViewMode, t: Messages['admin']['reason']['approval']): string | null {
  const approvers = user.approvals?.find((entry) => entry.mode === mode)?.approvers ?? [];
  if (approvers.includes('user') && approvers.includes('admin')) return t.both;
  if (approvers.includes('user')) return t.user;
  if (approvers.includes('admin')) return t.admin;
  return null;
}

export interface ReasonDialogProps {
  user: AdminUserSummary;
  /** `requested`: the start opened (or found) an access request, so the page's list of them is stale. */
  onClose: (outcome: { requested: boolean }) => void;
}

/**
 * Asks why the staff member wants to view as `user` (required, 3-500 characters) and how (only the modes
 * the policy offers them for this user), then starts; asks for their password again only when the server
 * says the last entry is too old (step-up).
 */
export function ReasonDialog({ user, onClose }: ReasonDialogProps) {
  const { messages } = useI18n();
  const t = messages.admin.reason;
  const { status, error, reasonError, requested, needsPassword, passwordError, start } = useStartImpersonation(user.id);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const modes = user.viewModes ?? ['read_only'];
  const [mode, setMode] = useState<ViewMode>(user.defaultMode ?? modes[0] ?? 'read_only');
  const [password, setPassword] = useState('');
  const [passwordMissing, setPasswordMissing] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // When the server asks for the password, the field appears and takes the focus (keyboard and screen readers land on it).
  useEffect(() => {
    if (needsPassword) passwordRef.current?.focus();
  }, [needsPassword]);
  const busy = status === 'starting' || status === 'signing-in' || status === 'navigating';
  // Once the request is sent there is nothing left to start: the form is kept as sent, and closing is all that remains.
  const sent = status === 'requested';
  const close = () => onClose({ requested: requested !== null });
  const approvals = approvalNotes(user, mode, t.approval);

  const problem = reasonProblem(reason);
  // Too short is only said once the admin has tried; too long is said as soon as it happens.
  const visibleProblem = problem === 'too-long' || (touched && problem === 'too-short') ? problem : null;
  const fieldError =
    visibleProblem === 'too-short'
      ? t.tooShort(REASON_MIN_LENGTH)
      : visibleProblem === 'too-long'
        ? t.tooLong(REASON_MAX_LENGTH)
        : reasonError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (sent) {
      close();
      return;
    }
    if (problem !== null) {
      reasonRef.current?.focus();
      return;
    }
    if (needsPassword && password === '') {
      setPasswordMissing(true);
      passwordRef.current?.focus();
      return;
    }
    setPasswordMissing(false);
    void start(reason, { mode }, needsPassword ? password : undefined);
  };

  return (
    <Dialog open onClose={close} title={t.title(user.email)} description={t.description} dismissible={!busy} initialFocus={reasonRef}>
      <Form onSubmit={submit} noValidate>
        <TextAreaField
          ref={reasonRef}
          label={t.label}
          placeholder={t.placeholder}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => reason !== '' && setTouched(true)}
          required
          aria-required="true"
          readOnly={busy || sent}
          error={fieldError}
          aside={t.count(reason.trim().length, REASON_MAX_LENGTH)}
        />
        <ViewModeChoice modes={modes} value={mode} onChange={setMode} disabled={busy || sent} />
        {approvals && !sent ? <Approval role="note">{approvals}</Approval> : null}
        {needsPassword ? (
          <TextField
            ref={passwordRef}
            type="password"
            autoComplete="current-password"
            label={t.password}
            hint={t.passwordHint}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
            aria-required="true"
            readOnly={busy}
            error={passwordMissing ? t.passwordRequired : passwordError}
          />
        ) : null}
        {error ? <ErrorState title={t.startFailed} message={error} /> : null}
        {requested ? <RequestSent approvers={requested.approvers} /> : null}
        <DialogActions>
          {sent ? (
            <Button type="submit" variant="primary">
              {t.done}
            </Button>
          ) : (
            <>
              <Button onClick={close} disabled={busy}>
                {messages.common.cancel}
              </Button>
              <Button type="submit" variant="primary" pending={busy} pendingLabel={status === 'starting' ? t.starting : t.signingIn}>
                {approvals ? t.submitRequest : t.submit}
              </Button>
            </>
          )}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
