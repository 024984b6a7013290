import type { Meta, StoryObj } from '@storybook/react-vite';
import { SessionContext, type SessionContextValue } from 'next-auth/react';
import { expect, within } from 'storybook/test';
import { useSessionUser } from './next-auth/use-session-user';
import { createSessionFixture, sessionFixtures } from './testing/fixtures';

/**
 * What `useSessionUser()` gives a UI in each session state. The demo reads the real hook under
 * next-auth's own context, so every story is the hook's actual output, not a mock-up of it.
 */
function SessionStatusDemo() {
  const { status, user } = useSessionUser();
  return (
    <p role="status" aria-busy={status === 'loading'} data-state={status} style={{ fontFamily: 'system-ui, sans-serif', margin: 0 }}>
      {status === 'loading' && 'Checking your session…'}
      {status === 'unauthenticated' && 'Signed out'}
      {status === 'authenticated' &&
        (user.isImpersonated
          ? `Viewing as ${user.email}, on behalf of ${user.impersonator?.email ?? 'an administrator'}`
          : `Signed in as ${user.email} (${user.role})`)}
    </p>
  );
}

const update = async () => null;
const authenticated = (session: ReturnType<typeof createSessionFixture>): SessionContextValue => ({
  status: 'authenticated',
  data: session,
  update,
});

interface DemoArgs {
  /** What next-auth's SessionProvider would hold. */
  session: SessionContextValue;
}

const meta = {
  title: 'Session client/Session status',
  args: { session: { status: 'loading', data: null, update } },
  render: ({ session }) => (
    <SessionContext.Provider value={session}>
      <SessionStatusDemo />
    </SessionContext.Provider>
  ),
} satisfies Meta<DemoArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking your session…');
  },
};

export const Unauthenticated: Story = {
  args: { session: { status: 'unauthenticated', data: null, update } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Signed out');
  },
};

export const Authenticated: Story = {
  args: { session: authenticated(createSessionFixture(sessionFixtures.admin)) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Signed in as grace@example.com (admin)');
  },
};

export const Impersonated: Story = {
  args: { session: authenticated(createSessionFixture(sessionFixtures.impersonated)) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Viewing as ada@example.com, on behalf of grace@example.com');
  },
};
