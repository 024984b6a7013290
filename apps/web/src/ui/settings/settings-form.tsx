'use client';

import {
  DISPLAY_NAME_MAX_LENGTH,
  type AccountSettingsAnswer,
  type AccountSettingsPatch,
  type SupportAccessChoice,
} from '@viewas/admin-api/account';
import type { ApiClientError } from '@viewas/admin-api';
import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { TextField } from '../components/field';
import { focusRing } from '../components/styles';
import { describeError } from '../data/describe-error';
import { useBrowserServices } from '../services/browser-services-context';
import { ChoiceGroup as Fieldset, ChoiceGroupLegend as Legend } from '../components/field';

const SUPPORT_ACCESS_CHOICES: readonly SupportAccessChoice[] = ['allowed', 'ask', 'never'];

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  max-width: 640px;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Choice = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0 ${({ theme }) => theme.space[2]};
  align-items: start;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  &:has(input:checked) {
    border-color: var(--app-accent);
  }
  /* Shown, not offered: a quieter surface, with its texts kept at full contrast. */
  &:has(input:disabled) {
    border-style: dashed;
    background: ${({ theme }) => theme.colors.surface};

    label {
      cursor: default;
    }
  }

  input {
    margin: 3px 0 0;
    ${focusRing}
  }
  label {
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    cursor: pointer;
  }
  p {
    grid-column: 2;
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Check = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;
  cursor: pointer;

  input {
    margin: 0;
    ${focusRing}
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const Message = styled.p<{ $error?: boolean }>`
  margin: 0;
  color: ${({ theme, $error }) => ($error ? theme.colors.error : theme.colors.textMuted)};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

/** The patch from `saved` to `draft`: only what differs, and never consent or e-mail alerts from someone viewing the account. */
function changesOf(saved: AccountSettingsAnswer, draft: AccountSettingsAnswer, viewing: boolean): AccountSettingsPatch {
  const patch: AccountSettingsPatch = {};
  if ((draft.displayName ?? '').trim() !== (saved.displayName ?? '')) patch.displayName = draft.displayName ?? '';
  if (!viewing && draft.supportAccess !== saved.supportAccess) patch.supportAccess = draft.supportAccess;
  if (!viewing && draft.emailNotifications !== saved.emailNotifications) patch.emailNotifications = draft.emailNotifications;
  return patch;
}

/** The server's own words where they say more than ours: a refused change, or a read-only view. */
function saveError(error: ApiClientError, messages: Parameters<typeof describeError>[1]): string {
  return (error.code === 'forbidden' || error.code === 'account_holder_only' || (error.code as string) === 'read_only') && error.message
    ? error.message
    : describeError(error, messages);
}

export interface SettingsFormProps {
  initial: AccountSettingsAnswer;
  /** In a view of the account, support access and the e-mail alerts are the holder's alone: shown, not editable. */
  viewing: boolean;
  /** In a read-only view nothing may change: every control is disabled and the form says why (the server refuses anyway). */
  readOnly?: boolean;
  /** After a change was saved: the activity list has a new entry. */
  onSaved: (settings: AccountSettingsAnswer) => void;
}

/**
 * The user's settings as one form with one Save. Saving sends only what changed; the outcome is
 * announced (a polite status on success, an alert on failure) and an invalid field is marked,
 * described and focused.
 */
export function SettingsForm({ initial, viewing, readOnly = false, onSaved }: SettingsFormProps) {
  const { messages } = useI18n();
  const t = messages.settings;
  const { api } = useBrowserServices();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<string>('');
  const [failure, setFailure] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const accessHintId = useId();
  const emailHintId = useId();
  const choicesId = useId();
  const readOnlyId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setNameError(null);
    setStatus('');
    const patch = changesOf(saved, draft, viewing);
    if (Object.keys(patch).length === 0) {
      setStatus(t.nothingChanged);
      return;
    }
    setSaving(true);
    const result = await api.updateSettings(patch);
    setSaving(false);
    if (result.ok) {
      setSaved(result.data.settings);
      setDraft(result.data.settings);
      setStatus(t.saved);
      onSaved(result.data.settings);
      return;
    }
    const nameIssue = result.error.issues?.find((issue) => issue.path === 'displayName');
    if (nameIssue) {
      setNameError(nameIssue.message);
      setFailure(`${t.saveFailed} ${t.fixErrors}`);
      nameRef.current?.focus();
      return;
    }
    setFailure(`${t.saveFailed} ${saveError(result.error, messages.common.error)}`);
  }

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-label={t.heading} aria-describedby={readOnly ? readOnlyId : undefined}>
      {readOnly ? (
        <Message id={readOnlyId}>
          <strong>{messages.viewModes.read_only}.</strong> {messages.viewModes.readOnlyExplained}
        </Message>
      ) : null}
      <TextField
        ref={nameRef}
        label={t.displayName}
        hint={t.displayNameHint(DISPLAY_NAME_MAX_LENGTH)}
        error={nameError}
        name="displayName"
        autoComplete="name"
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        disabled={readOnly}
        value={draft.displayName ?? ''}
        aside={t.displayNameCount((draft.displayName ?? '').length, DISPLAY_NAME_MAX_LENGTH)}
        onChange={(event) => {
          setNameError(null);
          setDraft({ ...draft, displayName: event.target.value });
        }}
        onPaste={(event) => {
          // The browser would cut a long paste to `maxLength` without a word: refuse it whole, and say why.
          const field = event.currentTarget;
          const pasted = event.clipboardData.getData('text');
          const kept = field.value.length - ((field.selectionEnd ?? field.value.length) - (field.selectionStart ?? field.value.length));
          if (kept + pasted.length <= DISPLAY_NAME_MAX_LENGTH) return;
          event.preventDefault();
          setNameError(t.displayNameTooLong(kept + pasted.length, DISPLAY_NAME_MAX_LENGTH));
        }}
      />
      <Fieldset aria-describedby={accessHintId}>
        <Legend>{t.supportAccess}</Legend>
        <Hint id={accessHintId}>{viewing ? t.supportAccessInView : t.supportAccessHint}</Hint>
        {SUPPORT_ACCESS_CHOICES.map((choice) => (
          <Choice key={choice}>
            <input
              id={`${choicesId}-${choice}`}
              type="radio"
              name="supportAccess"
              value={choice}
              checked={draft.supportAccess === choice}
              disabled={viewing || readOnly}
              aria-describedby={`${choicesId}-${choice}-hint`}
              onChange={() => setDraft({ ...draft, supportAccess: choice })}
            />
            <label htmlFor={`${choicesId}-${choice}`}>{t.choices[choice].label}</label>
            <p id={`${choicesId}-${choice}-hint`}>{t.choices[choice].hint}</p>
          </Choice>
        ))}
      </Fieldset>
      <Fieldset>
        <Legend>{messages.notifications.title}</Legend>
        <Check>
          <input
            type="checkbox"
            name="emailNotifications"
            checked={draft.emailNotifications}
            disabled={viewing || readOnly}
            aria-describedby={emailHintId}
            onChange={(event) => setDraft({ ...draft, emailNotifications: event.target.checked })}
          />
          {t.emailNotifications}
        </Check>
        <Hint id={emailHintId}>{viewing ? t.emailNotificationsInView : t.emailNotificationsHint}</Hint>
      </Fieldset>
      <Actions>
        <Button type="submit" variant="primary" pending={saving} pendingLabel={t.saving} disabled={readOnly}>
          {t.save}
        </Button>
        <Message role="status">{status}</Message>
      </Actions>
      {failure ? (
        <Message role="alert" $error>
          {failure}
        </Message>
      ) : null}
    </Form>
  );
}
