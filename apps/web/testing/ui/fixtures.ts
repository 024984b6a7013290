import type { AccessHistoryEntry, AdminUserSummary, ApiClientError, ApiResult, LedgerEvent, ImpersonationRecord } from '@viewas/admin-api';

export const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data });
export const fail = (code: ApiClientError['code'], message = `failed: ${code}`, status = 500): ApiResult<never> => ({
  ok: false,
  error: { code, message, status },
});

export const grace: AdminUserSummary = {
  id: 'usr_grace',
  email: 'grace@example.com',
  name: 'Grace Hopper',
  role: 'admin',
  status: 'active',
  impersonable: false,
  notImpersonableReason: 'target_is_self',
};
export const ada: AdminUserSummary = {
  id: 'usr_ada',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'user',
  status: 'active',
  impersonable: true,
  viewModes: ['read_only', 'full'],
  defaultMode: 'read_only',
  longestViewMinutes: 60,
};
export const alan: AdminUserSummary = {
  id: 'usr_alan',
  email: 'alan@example.com',
  name: null,
  role: 'user',
  status: 'disabled',
  impersonable: false,
  notImpersonableReason: 'target_disabled',
};
export const linus: AdminUserSummary = {
  id: 'usr_linus',
  email: 'linus@example.com',
  name: 'Linus',
  role: 'admin',
  status: 'active',
  impersonable: false,
  notImpersonableReason: 'target_role_not_allowed',
};

export const activeRecord: ImpersonationRecord = {
  id: 'imp_1',
  admin: { id: grace.id, email: grace.email },
  target: { id: ada.id, email: ada.email },
  reason: 'Ticket #4521: invoice page is blank',
  mode: 'read_only',
  createdAt: '2030-01-01T10:00:00.000Z',
  startedAt: '2030-01-01T10:00:05.000Z',
  expiresAt: '2030-01-01T11:00:00.000Z',
  endedAt: null,
  endReason: null,
  endedBy: null,
  status: 'active',
};

export const ledgerEventFixture = (overrides: Partial<LedgerEvent> = {}): LedgerEvent => ({
  id: 'evt_1',
  at: '2030-01-01T10:00:00.000Z',
  type: 'impersonation.started',
  actor: { id: grace.id, email: grace.email },
  target: { id: ada.id, email: ada.email },
  impersonationId: 'imp_1',
  reason: 'Ticket #4521: invoice page is blank',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
  detail: {},
  ...overrides,
});

export const accessEntry = (overrides: Partial<AccessHistoryEntry> = {}): AccessHistoryEntry => ({
  id: 'imp_1',
  admin: { id: grace.id, email: grace.email },
  reason: 'Ticket #4521: invoice page is blank',
  startedAt: '2030-01-01T10:00:00.000Z',
  endedAt: '2030-01-01T10:42:00.000Z',
  endReason: 'returned',
  ...overrides,
});

/** A promise the test settles when it wants to, to look at pending states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
