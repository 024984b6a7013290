import { and, desc, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { AccessRequest, Decision } from '../consent/access-request';
import type { AccessRequestRepository } from '../consent/consent-ports';
import { isUuid } from '../ids';
import { accessRequests, type AccessRequestRow, type StoredDecision } from './consent-schema';
import type { Queryable } from './database';

const toStored = (decision: Decision | null): StoredDecision | null => decision && { ...decision, at: decision.at.toISOString() };
const fromStored = (decision: StoredDecision | null): Decision | null => decision && { ...decision, at: new Date(decision.at) };

function toRequest(row: AccessRequestRow): AccessRequest {
  return {
    id: row.id,
    requester: { id: row.requesterId, email: row.requesterEmail },
    target: { id: row.targetId, email: row.targetEmail },
    reason: row.reason,
    mode: row.mode,
    approvers: row.approvers,
    status: row.status,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    userDecision: fromStored(row.userDecision),
    adminDecision: fromStored(row.adminDecision),
    grantEndsAt: row.grantEndsAt,
    version: row.version,
  };
}

function toRow(request: AccessRequest): AccessRequestRow {
  return {
    id: request.id,
    requesterId: request.requester.id,
    requesterEmail: request.requester.email,
    targetId: request.target.id,
    targetEmail: request.target.email,
    reason: request.reason,
    mode: request.mode,
    approvers: request.approvers,
    status: request.status,
    createdAt: request.createdAt,
    expiresAt: request.expiresAt,
    userDecision: toStored(request.userDecision),
    adminDecision: toStored(request.adminDecision),
    grantEndsAt: request.grantEndsAt,
    version: request.version,
  };
}

/** The access requests on PGlite or PostgreSQL; decisions are saved with a version check in one statement. */
export function createAccessRequestsRepository(db: Queryable): AccessRequestRepository {
  return {
    async insert(request) {
      await db.insert(accessRequests).values(toRow(request));
    },

    async findById(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(accessRequests).where(eq(accessRequests.id, id));
      return row ? toRequest(row) : null;
    },

    async save(request, expectedVersion) {
      const { id: _id, ...changes } = toRow(request);
      // The row lock of this UPDATE serialises racing decisions; the loser matches no row.
      const saved = await db
        .update(accessRequests)
        .set(changes)
        .where(and(eq(accessRequests.id, request.id), eq(accessRequests.version, expectedVersion)))
        .returning({ id: accessRequests.id });
      return saved.length === 1;
    },

    async findOpen({ actorId, targetId, mode, now }) {
      const [row] = await db
        .select()
        .from(accessRequests)
        .where(
          and(
            eq(accessRequests.requesterId, actorId),
            eq(accessRequests.targetId, targetId),
            eq(accessRequests.mode, mode),
            eq(accessRequests.status, 'pending'),
            gt(accessRequests.expiresAt, now),
          ),
        )
        .orderBy(desc(accessRequests.createdAt))
        .limit(1);
      return row ? toRequest(row) : null;
    },

    async findGrants({ actorId, targetId, now }) {
      const rows = await db
        .select()
        .from(accessRequests)
        .where(
          and(
            eq(accessRequests.requesterId, actorId),
            eq(accessRequests.targetId, targetId),
            eq(accessRequests.status, 'approved'),
            gt(accessRequests.grantEndsAt, now),
          ),
        )
        .orderBy(desc(accessRequests.grantEndsAt));
      return rows.map(toRequest);
    },

    async listForTarget({ targetId, limit }) {
      const rows = await db
        .select()
        .from(accessRequests)
        .where(and(eq(accessRequests.targetId, targetId), sql`'user' = ANY(${accessRequests.approvers})`))
        .orderBy(desc(accessRequests.createdAt))
        .limit(limit);
      return rows.map(toRequest);
    },

    async listForStaff({ requesterId, limit }) {
      const rows = await db
        .select()
        .from(accessRequests)
        .where(or(sql`'admin' = ANY(${accessRequests.approvers})`, eq(accessRequests.requesterId, requesterId)))
        .orderBy(desc(accessRequests.createdAt))
        .limit(limit);
      return rows.map(toRequest);
    },

    async listExpirable({ now, limit }) {
      const rows = await db
        .select()
        .from(accessRequests)
        .where(and(eq(accessRequests.status, 'pending'), lte(accessRequests.expiresAt, now)))
        .orderBy(accessRequests.expiresAt)
        .limit(limit);
      return rows.map(toRequest);
    },
  };
}
