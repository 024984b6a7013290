import { createMemoryStorageManager, ThemeProvider, type StorageManager } from '@viewas/theme';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { I18nProvider } from '../../src/i18n/i18n-context';
import { BrowserServicesProvider, type AppApiClient, type BrowserServices } from '../../src/ui/services/browser-services-context';
import { ok } from './fixtures';

/** 2030-01-01T12:00:00Z: after every fixture time. */
export const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

export type FakeApiOverrides = Partial<Record<keyof AppApiClient, jest.Mock>>;

/** The app's API clients, whose every call answers an empty success, unless overridden. */
export function fakeApi(overrides: FakeApiOverrides = {}): jest.Mocked<AppApiClient> {
  return {
    returnToAdmin: jest.fn(async () => ok({ success: true as const, adminUser: { id: 'usr_grace', email: 'grace@example.com' } })),
    startImpersonation: jest.fn(async () =>
      ok({
        success: true as const,
        impersonationId: 'imp_new',
        targetUser: { id: 'usr_ada', email: 'ada@example.com' },
        expiresAt: '2030-01-01T13:00:00.000Z',
        mode: 'read_only' as const,
      }),
    ),
    reauth: jest.fn(async () => ok({ success: true as const })),
    listUsers: jest.fn(async () => ok({ users: [], nextCursor: null })),
    listImpersonations: jest.fn(async () => ok({ impersonations: [] })),
    endImpersonation: jest.fn(),
    endSessions: jest.fn(),
    listLedger: jest.fn(async () => ok({ events: [], nextCursor: null })),
    getAccessHistory: jest.fn(async () => ok({ entries: [], nextCursor: null })),
    listStaffAccessRequests: jest.fn(async () => ok({ requests: [] })),
    decideAccessRequestAsAdmin: jest.fn(),
    listMyAccessRequests: jest.fn(async () => ok({ requests: [] })),
    decideAccessRequestAsUser: jest.fn(),
    revokeAccessRequestAsUser: jest.fn(),
    listNotifications: jest.fn(async () => ok({ notifications: [], unreadCount: 0, nextCursor: null })),
    markNotificationsRead: jest.fn(async () => ok({ success: true as const, unreadCount: 0 })),
    getSettings: jest.fn(async () => ok({ displayName: null, supportAccess: 'allowed' as const, emailNotifications: true })),
    updateSettings: jest.fn(),
    listActivity: jest.fn(async () => ok({ activity: [], nextCursor: null })),
    changePassword: jest.fn(async () => ok({ success: true as const })),
    ...overrides,
  } as jest.Mocked<AppApiClient>;
}

export function fakeServices(overrides: Partial<BrowserServices> = {}): BrowserServices {
  return {
    api: fakeApi(),
    signInImpersonation: jest.fn(async () => ({ ok: true, error: null })),
    signInReturnToAdmin: jest.fn(async () => ({ ok: true, error: null })),
    signOutTo: jest.fn(async () => ({ ok: true, error: null })),
    assignLocation: jest.fn(),
    getJson: jest.fn(async () => ({ status: 404, body: null })),
    notify: jest.fn(),
    now: () => NOW,
    ...overrides,
  };
}

export function TestProviders({
  services,
  storageManager,
  children,
}: {
  services: BrowserServices;
  storageManager?: StorageManager;
  children: ReactNode;
}) {
  return (
    <ThemeProvider storageManager={storageManager ?? createMemoryStorageManager()}>
      <I18nProvider lang="en">
        <BrowserServicesProvider services={services}>{children}</BrowserServicesProvider>
      </I18nProvider>
    </ThemeProvider>
  );
}

/** Renders `ui` inside the app's providers with fake services; `user` drives it like a person would. */
export function renderWithApp(
  ui: ReactElement,
  {
    services = fakeServices(),
    storageManager = createMemoryStorageManager(),
    ...options
  }: { services?: BrowserServices; storageManager?: StorageManager } & RenderOptions = {},
) {
  // With jest's fake timers on, user-event's own small delays must advance them too.
  const fakeTimers = 'clock' in setTimeout;
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  const result = render(ui, {
    wrapper: ({ children }) => (
      <TestProviders services={services} storageManager={storageManager}>
        {children}
      </TestProviders>
    ),
    ...options,
  });
  return { ...result, services, storageManager, user };
}
