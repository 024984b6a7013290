'use client';

import styled from 'styled-components';
import { Button, ButtonLink } from '../components/button';
import { Card } from '../components/card';
import { TextField } from '../components/field';
import { PageHeader } from '../components/page-header';
import { useSetupForm } from './use-setup-form';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 28rem;
`;

const FormError = styled.div`
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
`;

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 40rem;
`;

const Paragraph = styled.p`
  margin: 0;
`;

const Code = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
`;

/** The first administrator's page, opened from the one-time link the server printed. */
export function SetupView({ token }: { token: string | null }) {
  return (
    <Page>
      <PageHeader title="Set up Viewas" description="Create the first administrator. After that, administrators add everyone else." />
      {token ? <SetupForm token={token} /> : <UnusableLink />}
    </Page>
  );
}

function UnusableLink() {
  return (
    <Card title="This setup link does not work">
      <Paragraph>
        It was used already, has expired, was replaced by a newer one, or the app already has an administrator. Restart the server on its
        empty database to print a new link, or create the administrator on the server with{' '}
        <Code>npm run user:create -- --email you@example.com --role admin</Code>.
      </Paragraph>
    </Card>
  );
}

function SetupForm({ token }: { token: string }) {
  const { state, onSubmit, fieldRef, formErrorRef } = useSetupForm(token);
  if (state.status === 'done') {
    return (
      <Card title="The administrator is ready">
        <Paragraph role="status">{state.email} can now sign in. This setup link no longer works.</Paragraph>
        <ButtonLink $variant="primary" $size="md" href={state.signInUrl}>
          Sign in
        </ButtonLink>
      </Card>
    );
  }
  const errors = state.fieldErrors;
  return (
    <Card title="First administrator">
      <Form
        method="post"
        action="/api/setup"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={state.formError ? 'setup-form-error' : undefined}
      >
        {state.formError ? (
          <FormError id="setup-form-error" role="alert" tabIndex={-1} ref={formErrorRef}>
            {state.formError}
          </FormError>
        ) : null}
        <TextField ref={fieldRef('email')} name="email" type="email" label="E-mail" autoComplete="username" required error={errors.email} />
        <TextField ref={fieldRef('name')} name="name" label="Name (optional)" autoComplete="name" error={errors.name} />
        <TextField
          ref={fieldRef('password')}
          name="password"
          type="password"
          label="Password"
          autoComplete="new-password"
          required
          hint="At least 12 characters. A passphrase of a few words is easy to type and hard to guess."
          error={errors.password}
        />
        <TextField
          ref={fieldRef('confirmPassword')}
          name="confirmPassword"
          type="password"
          label="Password again"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <div>
          <Button type="submit" variant="primary" pending={state.status === 'submitting'} pendingLabel="Creating the administrator…">
            Create the administrator
          </Button>
        </div>
      </Form>
    </Card>
  );
}
