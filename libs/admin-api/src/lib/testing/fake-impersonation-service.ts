import type { AuditEvent, AuditEventType } from '../contracts/audit';
import type { ImpersonationEndReason, ImpersonationRecord } from '../contracts/impersonations';
import type { Person } from '../contracts/primitives';
import { AdminApiError } from '../server/admin-api-error';
import type { ImpersonationService, RequestContext } from '../server/impersonation-service';
import { fakeUsersFixture, type FakeUser } from './fake-users';

export const FAKE_IMPERSONATION_TTL_MS = 60 * 60 * 1000;
/** DESIGN.md §4.2: a pending impersonation must be taken over within 60 s. */
export const FAKE_PENDING_TTL_MS = 60 * 1000;
export const FAKE_PAGE_SIZE = 20;

export interface FakeImpersonationServiceOptions {
  users?: FakeUser[];
  /** Who the fake session starts as; `null` for signed out. Default: the first admin. */
  signedInAs?: string | null;
  now?: () => Date;
  impersonationTtlMs?: number;
  pageSize?: number;
}

export interface FakeSession {
  userId: string | null;
  /** Set while the session is an impersonation. */
  impersonationId: string | null;
}

/**
 * An in-memory `ImpersonationService` with the real rules (who may start, one at a time, expiry,
 * ending exactly once, a ledger row for each), for stories, app tests and demos. It holds ONE
 * session, where the real app reads a session from each request's cookie.
 */
export interface FakeImpersonationService extends ImpersonationService {
  readonly session: FakeSession;
  signInAs(userId: string | null): void;
  /** Turns a pending impersonation into the session, as the app's `impersonate` sign-in does. */
  activate(impersonationId: string): void;
}

export function createFakeImpersonationService({
  users = fakeUsersFixture,
  signedInAs = users.find((user) => user.role === 'admin')?.id ?? null,
  now = () => new Date(),
  impersonationTtlMs = FAKE_IMPERSONATION_TTL_MS,
  pageSize = FAKE_PAGE_SIZE,
}: FakeImpersonationServiceOptions = {}): FakeImpersonationService {
  const session: FakeSession = { userId: signedInAs, impersonationId: null };
  const records: ImpersonationRecord[] = [];
  const ledger: AuditEvent[] = [];
  let sequence = 0;

  const nextId = (prefix: string) => `${prefix}_${(sequence += 1)}`;
  const iso = (date: Date) => date.toISOString();
  const person = ({ id, email }: Person): Person => ({ id, email });
  const findUser = (id: string | null) => users.find((user) => user.id === id);

  function record(type: AuditEventType, actor: Person | null, imp: ImpersonationRecord, ctx: RequestContext | null, reason: string | null = null) {
    ledger.unshift({
      id: nextId('evt'),
      at: iso(now()),
      type,
      actor,
      target: imp.target,
      impersonationId: imp.id,
      reason,
      ip: ctx?.ip ?? null,
      userAgent: ctx?.userAgent ?? null,
      detail: {},
    });
  }

  function end(imp: ImpersonationRecord, endReason: ImpersonationEndReason, endedBy: Person | null) {
    Object.assign(imp, { status: 'ended', endedAt: iso(now()), endReason, endedBy });
  }

  const isOverdue = (imp: ImpersonationRecord, at: number) =>
    Date.parse(imp.expiresAt) <= at || (imp.status === 'pending' && Date.parse(imp.createdAt) + FAKE_PENDING_TTL_MS <= at);

  function expireOverdue() {
    const at = now().getTime();
    for (const imp of records) {
      if (imp.status !== 'ended' && isOverdue(imp, at)) {
        end(imp, 'expired', null);
        record('impersonation.expired', null, imp, null);
      }
    }
  }

  function currentUser(): FakeUser {
    expireOverdue();
    const user = findUser(session.userId);
    if (!user || user.status !== 'active') throw new AdminApiError('unauthenticated', 'Sign in first');
    return user;
  }

  function currentAdmin(): FakeUser {
    const user = currentUser();
    if (user.role !== 'admin') throw new AdminApiError('forbidden', 'Only administrators may do this');
    return user;
  }

  function page<T>(items: T[], cursor: string | undefined, size = pageSize) {
    const offset = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(offset) || offset < 0) throw new AdminApiError('bad_request', 'Unknown cursor');
    const end = offset + size;
    return { items: items.slice(offset, end), nextCursor: end < items.length ? String(end) : null };
  }

  function notImpersonableReason(admin: FakeUser, user: FakeUser) {
    if (user.id === admin.id) return 'self' as const;
    if (user.role === 'admin') return 'admin' as const;
    if (user.status === 'disabled') return 'disabled' as const;
    return undefined;
  }

  return {
    session,

    signInAs(userId) {
      Object.assign(session, { userId, impersonationId: null });
    },

    activate(impersonationId) {
      expireOverdue();
      const imp = records.find((candidate) => candidate.id === impersonationId);
      if (!imp || imp.status !== 'pending' || imp.admin.id !== session.userId) {
        throw new AdminApiError('forbidden', 'No pending impersonation to take over');
      }
      Object.assign(imp, { status: 'active', startedAt: iso(now()) });
      Object.assign(session, { userId: imp.target.id, impersonationId: imp.id });
      record('impersonation.activated', imp.admin, imp, null);
    },

    async startImpersonation(ctx, { userId, reason }) {
      const admin = currentAdmin();
      const target = findUser(userId);
      if (!target) throw new AdminApiError('not_found', 'No such user');
      const refusal = notImpersonableReason(admin, target);
      if (refusal) throw new AdminApiError('forbidden', `This user cannot be impersonated (${refusal})`);
      if (records.some((imp) => imp.admin.id === admin.id && imp.status !== 'ended')) {
        throw new AdminApiError('conflict', 'End your current impersonation first');
      }
      const createdAt = now();
      const imp: ImpersonationRecord = {
        id: nextId('imp'),
        admin: person(admin),
        target: person(target),
        reason,
        createdAt: iso(createdAt),
        startedAt: null,
        expiresAt: iso(new Date(createdAt.getTime() + impersonationTtlMs)),
        endedAt: null,
        endReason: null,
        endedBy: null,
        status: 'pending',
      };
      records.unshift(imp);
      record('impersonation.started', imp.admin, imp, ctx, reason);
      return { success: true, impersonationId: imp.id, targetUser: imp.target, expiresAt: imp.expiresAt };
    },

    async returnToAdmin(ctx) {
      currentUser();
      const imp = records.find((candidate) => candidate.id === session.impersonationId);
      if (!imp || imp.status !== 'active') throw new AdminApiError('forbidden', 'You are not viewing as another user');
      end(imp, 'returned', imp.admin);
      Object.assign(session, { userId: imp.admin.id, impersonationId: null });
      record('impersonation.returned', imp.admin, imp, ctx);
      return { success: true, adminUser: imp.admin };
    },

    async listUsers(_ctx, { query = '', cursor, limit }) {
      const admin = currentAdmin();
      const needle = query.toLowerCase();
      const matches = users.filter((user) => `${user.email} ${user.name ?? ''}`.toLowerCase().includes(needle));
      const { items, nextCursor } = page(matches, cursor, limit);
      return {
        users: items.map((user) => {
          const reason = notImpersonableReason(admin, user);
          return reason ? { ...user, impersonable: false, notImpersonableReason: reason } : { ...user, impersonable: true };
        }),
        nextCursor,
      };
    },

    async listImpersonations(_ctx, { active }) {
      currentAdmin();
      const isActive = (imp: ImpersonationRecord) => imp.status !== 'ended';
      return { impersonations: records.filter((imp) => active === undefined || isActive(imp) === active).map((imp) => ({ ...imp })) };
    },

    async endImpersonation(ctx, id) {
      const admin = person(currentAdmin());
      const imp = records.find((candidate) => candidate.id === id);
      if (!imp) throw new AdminApiError('not_found', 'No such impersonation');
      if (imp.status === 'ended') throw new AdminApiError('conflict', 'This impersonation has already ended');
      end(imp, 'ended_by_admin', admin);
      record('impersonation.ended', admin, imp, ctx);
      return { success: true, impersonation: { ...imp } };
    },

    async listAudit(_ctx, { cursor, admin, target }) {
      currentAdmin();
      const events = ledger.filter((event) => (!admin || event.actor?.id === admin) && (!target || event.target?.id === target));
      const { items, nextCursor } = page(events, cursor);
      return { events: items, nextCursor };
    },

    async listAccessHistory(_ctx, { cursor }) {
      // An admin viewing as this user sees the user's history too, as the user would.
      const user = currentUser();
      const entries = records.flatMap(({ id, admin, target, reason, startedAt, endedAt, endReason }) =>
        target.id === user.id && startedAt !== null ? [{ id, admin, reason, startedAt, endedAt, endReason }] : [],
      );
      const { items, nextCursor } = page(entries, cursor);
      return { entries: items, nextCursor };
    },
  };
}
