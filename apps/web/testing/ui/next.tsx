import type { SessionUser } from '@viewas/session-client';
import type { Session } from 'next-auth';
import { SessionProvider } from 'next-auth/react';
import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { PathnameContext } from 'next/dist/shared/lib/hooks-client-context.shared-runtime';
import type { ReactNode } from 'react';

export function fakeRouter(): jest.Mocked<AppRouterInstance> {
  return {
    back: jest.fn(),
    forward: jest.fn(),
    refresh: jest.fn(),
    push: jest.fn(),
    replace: jest.fn(),
    prefetch: jest.fn(),
    hmrRefresh: jest.fn(),
  } as unknown as jest.Mocked<AppRouterInstance>;
}

export interface NextContextOptions {
  pathname?: string | null;
  router?: AppRouterInstance;
  /**
   * The client session: an object (signed in), `null` (signed out), or `'loading'` (the first
   * fetch has not answered yet; needs a `fetch` that does not settle).
   */
  session: Session | null | 'loading';
}

/** The contexts Next.js and next-auth provide in the browser, with values a test chooses. */
export function NextContext({ pathname = '/', router = fakeRouter(), session, children }: NextContextOptions & { children: ReactNode }) {
  return (
    <AppRouterContext.Provider value={router}>
      <PathnameContext.Provider value={pathname}>
        <SessionProvider session={session === 'loading' ? undefined : session}>{children}</SessionProvider>
      </PathnameContext.Provider>
    </AppRouterContext.Provider>
  );
}

/** A next-auth session holding `user`, as `GET /api/auth/session` answers it (next-auth's own type knows no roles). */
export const sessionOf = (user: SessionUser): Session => ({ user, expires: '2030-02-01T00:00:00.000Z' }) as Session;

/** Makes the session fetch hang, so the client session stays `loading`; returns the undo. */
export function holdSessionFetch(): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined));
  return () => {
    globalThis.fetch = original;
  };
}
