'use client';

import { useCallback, useRef, useState, type FormEvent } from 'react';

export type SetupField = 'email' | 'name' | 'password' | 'confirmPassword';
export const SETUP_FIELDS: readonly SetupField[] = ['email', 'name', 'password', 'confirmPassword'];

export type SetupState =
  | { status: 'editing' | 'submitting'; fieldErrors: Partial<Record<SetupField, string>>; formError: string | null }
  | { status: 'done'; email: string; signInUrl: string };

type SetupAnswer =
  | { success: true; data: { email: string; signInUrl: string } }
  | { success: false; error: { code: string; message: string; fields?: Partial<Record<SetupField | 'token' | 'form', string>> } };

const UNREACHABLE = 'The server could not be reached. Check that it is running and try again.';

/**
 * The setup form's behaviour without its looks: posts the fields with the link's token to
 * `/api/setup` (same-origin JSON), keeps the server's message per field, and after a refusal moves
 * the focus to the first field that needs attention (or the form's message).
 */
export function useSetupForm(token: string, post: (body: unknown) => Promise<Response> = postSetup) {
  const [state, setState] = useState<SetupState>({ status: 'editing', fieldErrors: {}, formError: null });
  const fieldRefs = useRef<Partial<Record<SetupField, HTMLInputElement | null>>>({});
  const formErrorRef = useRef<HTMLDivElement | null>(null);

  const focusFirstProblem = (errors: Partial<Record<SetupField, string>>) => {
    const first = SETUP_FIELDS.find((field) => errors[field]);
    requestAnimationFrame(() => (first ? fieldRefs.current[first]?.focus() : formErrorRef.current?.focus()));
  };

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      const value = (field: SetupField) => String(form.get(field) ?? '');
      setState({ status: 'submitting', fieldErrors: {}, formError: null });
      let answer: SetupAnswer;
      try {
        const response = await post({
          token,
          email: value('email'),
          name: value('name') || undefined,
          password: value('password'),
          confirmPassword: value('confirmPassword'),
        });
        answer = (await response.json()) as SetupAnswer;
      } catch {
        setState({ status: 'editing', fieldErrors: {}, formError: UNREACHABLE });
        focusFirstProblem({});
        return;
      }
      if (answer.success) {
        setState({ status: 'done', email: answer.data.email, signInUrl: answer.data.signInUrl });
        return;
      }
      const { fields = {}, message } = answer.error;
      const fieldErrors = Object.fromEntries(
        SETUP_FIELDS.filter((field) => fields[field]).map((field) => [field, fields[field]]),
      ) as Partial<Record<SetupField, string>>;
      const formError = Object.keys(fieldErrors).length > 0 ? null : (fields.token ?? message);
      setState({ status: 'editing', fieldErrors, formError });
      focusFirstProblem(fieldErrors);
    },
    [post, token],
  );

  const fieldRef = (field: SetupField) => (element: HTMLInputElement | null) => {
    fieldRefs.current[field] = element;
  };

  return { state, onSubmit, fieldRef, formErrorRef };
}

function postSetup(body: unknown): Promise<Response> {
  return fetch('/api/setup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
}
