import {
  USERS_PAGE_SIZE,
  type AccessHistoryEntry,
  type AccessHistoryPage,
  type AdminUserSummary,
  type ImpersonationsPage,
  type LedgerPage,
  type UsersPage,
} from '@viewas/admin-api';
import { createLedgerExportStream, LEDGER_EXPORT_CONTENT_TYPES, type LedgerExportFormat } from '../export/ledger-export';
import type { ChainVerdict } from '../ledger/ledger-chain';
import { verifyLedger as verifyStoredLedger } from '../ledger/verify-ledger';
import { toAccessHistoryEntry, toAdminUserSummary, toImpersonationRecord, toLedgerEvent } from '../records';
import type { SessionState } from '../session';
import type { UserRow } from '../model';
import type { ViewMode } from '../consent/access-request';
import type { OperationContext } from './context';
import { refused, type Outcome } from './refusals';
import type { Staff } from './staff';
import { supportAccessReader } from './support-access';
import { sweepExpired } from './sweep';

export { USERS_PAGE_SIZE };
export const LEDGER_PAGE_SIZE = 50;
export const ACCESS_HISTORY_PAGE_SIZE = 20;
export const RECENT_IMPERSONATIONS_LIMIT = 100;

/** The admin's user search: each user with whether this staff member may view as them. */
export async function listUsers(
  ctx: OperationContext,
  staff: Staff,
  { query, cursor, limit }: { query?: string; cursor?: string; limit?: number },
): Promise<UsersPage> {
  const page = await (await ctx.store()).users.search({ query, cursor, limit: limit ?? USERS_PAGE_SIZE });
  const at = ctx.clock.now();
  const listed = page.users.map((user) => ({ user, options: ctx.policy.optionsFor(staff.user, user, at) }));
  const approvals = await approvalsReader(
    ctx,
    listed.filter(({ options }) => options.possible).map(({ user }) => user),
  );
  const users = listed.map(({ user, options }) =>
    toAdminUserSummary(user, options, options.possible ? approvals(user, options.modes) : undefined),
  );
  return { users, nextCursor: page.nextCursor };
}

/**
 * Whose approval a start in each mode needs first, so the start dialog says so up front; none without the
 * consent rules. The choices of all of `users` are read at once: one question to the host per page.
 */
async function approvalsReader(
  ctx: OperationContext,
  users: readonly UserRow[],
): Promise<(user: UserRow, modes: readonly ViewMode[]) => AdminUserSummary['approvals']> {
  const consent = ctx.notifier;
  if (!consent) return () => undefined;
  const supportAccessOf = await supportAccessReader(consent, users);
  return (user, modes) => {
    const supportAccess = supportAccessOf(user);
    const approvals = modes.map((mode) => ({ mode, approvers: consent.service.approversFor({ supportAccess, mode }) }));
    return approvals.every((entry) => entry.approvers !== null)
      ? approvals.map(({ mode, approvers }) => ({ mode, approvers: approvers ?? [] }))
      : undefined;
  };
}

/** Open (pending or running) impersonations, or ended ones, newest first; expiries recorded first. */
export async function listImpersonations(
  ctx: OperationContext,
  _staff: Staff,
  { active }: { active?: boolean },
): Promise<ImpersonationsPage> {
  await sweepExpired(ctx);
  const filter = active === undefined ? {} : { state: active ? ('open' as const) : ('ended' as const) };
  const rows = await (await ctx.store()).impersonations.find(filter, { limit: RECENT_IMPERSONATIONS_LIMIT });
  return { impersonations: rows.map(toImpersonationRecord) };
}

/** The ledger, newest first, optionally by actor or target; expiries recorded first. */
export async function listLedger(
  ctx: OperationContext,
  _staff: Staff,
  { cursor, admin, target }: { cursor?: string; admin?: string; target?: string },
): Promise<LedgerPage> {
  await sweepExpired(ctx);
  const page = await (await ctx.store()).ledger.list({ cursor, actorId: admin, targetId: target, limit: LEDGER_PAGE_SIZE });
  return { events: page.events.map(toLedgerEvent), nextCursor: page.nextCursor };
}

/** The whole stored chain recomputed: where it breaks, if it does. */
export async function verifyLedger(ctx: OperationContext, _staff: Staff): Promise<ChainVerdict> {
  return verifyStoredLedger((await ctx.store()).ledger);
}

/**
 * Every matching row, oldest first, as a byte stream read a page at a time as the client takes it
 * (`from` inclusive, `to` exclusive). Expiries are recorded first, as for the ledger's pages.
 */
export async function exportLedger(
  ctx: OperationContext,
  _staff: Staff,
  { format, admin, target, from, to }: { format: LedgerExportFormat; admin?: string; target?: string; from?: string; to?: string },
): Promise<{ contentType: string; filename: string; body: ReadableStream<Uint8Array> }> {
  await sweepExpired(ctx);
  const ledger = (await ctx.store()).ledger;
  const filter = { actorId: admin, targetId: target, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined };
  return {
    contentType: LEDGER_EXPORT_CONTENT_TYPES[format],
    filename: `viewas-ledger-${ctx.clock.now().toISOString().slice(0, 10)}.${format}`,
    body: createLedgerExportStream({ format, readPage: (afterId, limit) => ledger.readPage(filter, afterId, limit) }),
  };
}

/** Who viewed this user's account as them, newest first. */
export async function listAccessHistory(
  ctx: OperationContext,
  session: SessionState,
  { cursor }: { cursor?: string },
): Promise<Outcome<AccessHistoryPage>> {
  if (session.status !== 'valid') return refused('not_signed_in');
  await sweepExpired(ctx);
  const page = await (
    await ctx.store()
  ).impersonations.listStartedForTarget({ targetId: session.claims.sub, cursor, limit: ACCESS_HISTORY_PAGE_SIZE });
  const entries: AccessHistoryEntry[] = [];
  for (const row of page.impersonations) if (row.startedAt) entries.push(toAccessHistoryEntry({ ...row, startedAt: row.startedAt }));
  return { ok: true, value: { entries, nextCursor: page.nextCursor } };
}
