'use client';

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@viewas/admin-api/account';
import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { passwordChangedSignInPath } from '../../app/_lib/sign-in-redirect';
import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { TextField } from '../components/field';
import { describeError } from '../data/describe-error';
import { SETTINGS_PAGE_PATH } from '../routes';
import { useBrowserServices } from '../services/browser-services-context';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  max-width: 640px;
`;

const Message = styled.p<{ $error?: boolean }>`
  margin: 0;
  color: ${({ theme, $error }) => ($error ? theme.colors.error : theme.colors.textMuted)};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type FieldErrors = Partial<Record<Field, string>>;

export interface PasswordFormProps {
  /** In a view of the account the password is the holder's alone: the section says so instead of offering the form. */
  viewing: boolean;
}

/**
 * The account holder's password change: current, new and confirmed. What the browser can tell (an empty
 * field, a short or mistyped new password) is said before anything is sent; the server's verdict (a wrong
 * current password, too many attempts) after. Each error is shown under its field and described by it, the
 * first invalid field is focused, and the outcome is announced. On success every session has ended, this
 * one too: the browser goes to sign in, where the page says why.
 */
export function PasswordForm({ viewing }: PasswordFormProps) {
  const { messages } = useI18n();
  const t = messages.settings.password;
  const { api, assignLocation } = useBrowserServices();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  if (viewing) return <Message>{t.inView}</Message>;

  function refuse(found: FieldErrors) {
    setErrors(found);
    setFailure(`${t.failed} ${t.fixErrors}`);
    const first = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find((field) => found[field]);
    if (first) refs[first].current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setStatus('');
    const found: FieldErrors = {};
    if (!values.currentPassword) found.currentPassword = t.enterCurrent;
    if (values.newPassword.length < MIN_PASSWORD_LENGTH) found.newPassword = t.tooShort(MIN_PASSWORD_LENGTH);
    else if (values.confirmPassword !== values.newPassword) found.confirmPassword = t.mismatch;
    if (Object.keys(found).length > 0) return refuse(found);
    setErrors({});
    setSaving(true);
    const result = await api.changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    if (result.ok) {
      // `saving` stays on: the page is being left.
      setStatus(t.changed);
      assignLocation(passwordChangedSignInPath(SETTINGS_PAGE_PATH));
      return;
    }
    setSaving(false);
    if (result.error.code === 'invalid_password') return refuse({ currentPassword: t.wrongCurrent });
    const issues: FieldErrors = {};
    for (const issue of result.error.issues ?? []) {
      if (issue.path === 'currentPassword' || issue.path === 'newPassword') issues[issue.path] ??= issue.message;
    }
    if (Object.keys(issues).length > 0) return refuse(issues);
    setFailure(`${t.failed} ${result.error.message || describeError(result.error, messages.common.error)}`);
  }

  const field = (name: Field) => ({
    ref: refs[name],
    name,
    type: 'password',
    error: errors[name] ?? null,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setErrors({ ...errors, [name]: undefined });
      setValues({ ...values, [name]: event.target.value });
    },
  });

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-label={t.heading}>
      <TextField label={t.current} autoComplete="current-password" {...field('currentPassword')} />
      <TextField
        label={t.new}
        hint={t.newHint(MIN_PASSWORD_LENGTH)}
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LENGTH}
        {...field('newPassword')}
      />
      <TextField label={t.confirm} autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} {...field('confirmPassword')} />
      <div>
        <Button type="submit" variant="primary" pending={saving} pendingLabel={t.changing}>
          {t.change}
        </Button>
      </div>
      {/* Present from the moment the change is sent, so the outcome put in it is announced. */}
      {saving || status ? <Message role="status">{status}</Message> : null}
      {failure ? (
        <Message role="alert" $error>
          {failure}
        </Message>
      ) : null}
    </Form>
  );
}
