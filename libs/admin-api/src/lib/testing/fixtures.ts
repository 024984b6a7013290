import type { AccessHistoryPage } from '../contracts/access-history';
import type { LedgerPage } from '../contracts/ledger';
import type { EndImpersonationResponse, ImpersonationRecord, ImpersonationsPage } from '../contracts/impersonations';
import type { ImpersonateResponse } from '../contracts/impersonate';
import type { Person } from '../contracts/primitives';
import type { ReturnToAdminResponse } from '../contracts/return-to-admin';
import type { UsersPage } from '../contracts/users';

// Plain JSON values exactly as the API answers them: usable as msw responses, story args or expectations.

export const adminPersonFixture: Person = { id: 'usr_admin', email: 'grace@example.com' };
export const targetPersonFixture: Person = { id: 'usr_ada', email: 'ada@example.com' };

export const impersonateResponseFixture: ImpersonateResponse = {
  success: true,
  impersonationId: 'imp_1',
  targetUser: targetPersonFixture,
  expiresAt: '2030-01-01T11:00:00.000Z',
  mode: 'read_only',
};

export const returnToAdminResponseFixture: ReturnToAdminResponse = { success: true, adminUser: adminPersonFixture };

export const activeImpersonationFixture: ImpersonationRecord = {
  id: 'imp_1',
  admin: adminPersonFixture,
  target: targetPersonFixture,
  reason: 'Support ticket #4521: invoice page is blank',
  mode: 'read_only',
  createdAt: '2030-01-01T10:00:00.000Z',
  startedAt: '2030-01-01T10:00:05.000Z',
  expiresAt: '2030-01-01T11:00:00.000Z',
  endedAt: null,
  endReason: null,
  endedBy: null,
  status: 'active',
};

export const endedImpersonationFixture: ImpersonationRecord = {
  ...activeImpersonationFixture,
  endedAt: '2030-01-01T10:12:40.000Z',
  endReason: 'ended_by_admin',
  endedBy: adminPersonFixture,
  status: 'ended',
};

export const usersPageFixture: UsersPage = {
  users: [
    {
      id: 'usr_admin',
      email: 'grace@example.com',
      name: 'Grace Hopper',
      role: 'admin',
      status: 'active',
      impersonable: false,
      notImpersonableReason: 'target_is_self',
    },
    { id: 'usr_ada', email: 'ada@example.com', name: 'Ada Lovelace', role: 'user', status: 'active', impersonable: true },
    {
      id: 'usr_alan',
      email: 'alan@example.com',
      name: null,
      role: 'user',
      status: 'disabled',
      impersonable: false,
      notImpersonableReason: 'target_disabled',
    },
  ],
  nextCursor: null,
};

export const impersonationsPageFixture: ImpersonationsPage = { impersonations: [activeImpersonationFixture] };

export const endImpersonationResponseFixture: EndImpersonationResponse = { success: true, impersonation: endedImpersonationFixture };

export const ledgerPageFixture: LedgerPage = {
  events: [
    {
      id: 'evt_2',
      at: '2030-01-01T10:00:05.000Z',
      type: 'impersonation.activated',
      actor: adminPersonFixture,
      target: targetPersonFixture,
      impersonationId: 'imp_1',
      reason: null,
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0',
      detail: {},
    },
    {
      id: 'evt_1',
      at: '2030-01-01T10:00:00.000Z',
      type: 'impersonation.started',
      actor: adminPersonFixture,
      target: targetPersonFixture,
      impersonationId: 'imp_1',
      reason: 'Support ticket #4521: invoice page is blank',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0',
      detail: {},
    },
  ],
  nextCursor: null,
};

export const accessHistoryPageFixture: AccessHistoryPage = {
  entries: [
    {
      id: 'imp_1',
      admin: adminPersonFixture,
      reason: 'Support ticket #4521: invoice page is blank',
      startedAt: '2030-01-01T10:00:05.000Z',
      endedAt: '2030-01-01T10:12:40.000Z',
      endReason: 'ended_by_admin',
    },
  ],
  nextCursor: null,
};
