import { act, render, screen } from '@testing-library/react';
import { createFakeFetch, installFetch } from '../../testing/fake-fetch';
import { createSessionFixture, sessionFixtures } from '../testing/fixtures';
import { SessionProvider } from './session-provider';
import { useSessionUser } from './use-session-user';

function SignedInAs() {
  const { status, user } = useSessionUser();
  return <p>{status === 'authenticated' ? `Signed in as ${user.email}` : status}</p>;
}

const impersonated = createSessionFixture(sessionFixtures.impersonated);
const admin = createSessionFixture(sessionFixtures.admin);

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility }));
afterAll(() => {
  delete (document as { visibilityState?: unknown }).visibilityState;
});

function switchTab(to: DocumentVisibilityState) {
  visibility = to;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  visibility = 'visible';
});

describe('SessionProvider', () => {
  it('loads the session, then refreshes it when the window becomes visible again', async () => {
    const fetch = createFakeFetch({ '/api/auth/session': [{ body: impersonated }, { body: admin }] });
    uninstall = installFetch(fetch);
    render(
      <SessionProvider>
        <SignedInAs />
      </SessionProvider>,
    );
    expect(await screen.findByText('Signed in as ada@example.com')).toBeInTheDocument();

    switchTab('hidden');
    expect(fetch).toHaveBeenCalledTimes(1);

    switchTab('visible');
    expect(await screen.findByText('Signed in as grace@example.com')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not refresh on visibility when the host turns it off', async () => {
    const fetch = createFakeFetch({ '/api/auth/session': [{ body: impersonated }, { body: admin }] });
    uninstall = installFetch(fetch);
    render(
      <SessionProvider refetchOnWindowFocus={false}>
        <SignedInAs />
      </SessionProvider>,
    );
    expect(await screen.findByText('Signed in as ada@example.com')).toBeInTheDocument();

    switchTab('hidden');
    switchTab('visible');

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Signed in as ada@example.com')).toBeInTheDocument();
  });

  it('shows a session the server rendered with at once, without loading it again', () => {
    const fetch = createFakeFetch({});
    uninstall = installFetch(fetch);

    render(
      <SessionProvider session={impersonated}>
        <SignedInAs />
      </SessionProvider>,
    );

    expect(screen.getByText('Signed in as ada@example.com')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is unauthenticated when the session cannot be loaded, and reports the failure to _log', async () => {
    // No answer for the session: next-auth/react logs CLIENT_FETCH_ERROR to the console and to the server.
    const fetch = createFakeFetch({ '/api/auth/_log': { body: {} } });
    uninstall = installFetch(fetch);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    render(
      <SessionProvider>
        <SignedInAs />
      </SessionProvider>,
    );

    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/auth/_log', expect.objectContaining({ method: 'POST' }));
  });
});
