import { and, desc, eq, lt } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { auditEvents, type AuditEventRow } from '../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import { isUuid } from './ids';
import type { Person } from './impersonations';

export type AuditEventType =
  | 'impersonation.started'
  | 'impersonation.activated'
  | 'impersonation.returned'
  | 'impersonation.ended'
  | 'impersonation.expired'
  | 'impersonation.denied'
  | 'impersonation.requested'
  | 'impersonation.approved'
  | 'impersonation.request_denied'
  | 'impersonation.request_expired'
  | 'impersonation.break_glass';

export interface NewAuditEvent {
  at: Date;
  type: AuditEventType;
  actor: Person | null;
  target: Person | null;
  impersonationId: string | null;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  detail?: Record<string, unknown>;
}

export interface AuditFilter {
  cursor?: string;
  actorId?: string;
  targetId?: string;
  limit: number;
}

const isPositiveInteger = (value: string) => /^[1-9][0-9]{0,17}$/.test(value);

/** The impersonation ledger: rows are only ever added (the database refuses anything else). */
export function createAuditLog(db: Queryable) {
  return {
    async append(event: NewAuditEvent): Promise<AuditEventRow> {
      const [row] = await db
        .insert(auditEvents)
        .values({
          at: event.at,
          type: event.type,
          actorId: event.actor?.id ?? null,
          actorEmail: event.actor?.email ?? null,
          targetId: event.target?.id ?? null,
          targetEmail: event.target?.email ?? null,
          impersonationId: event.impersonationId,
          reason: event.reason,
          ip: event.ip,
          userAgent: event.userAgent,
          detail: event.detail ?? {},
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Newest first. A filter on an id that is not one of ours matches nothing. */
    async list({ cursor, actorId, targetId, limit }: AuditFilter): Promise<{ events: AuditEventRow[]; nextCursor: string | null }> {
      if ((actorId !== undefined && !isUuid(actorId)) || (targetId !== undefined && !isUuid(targetId))) return { events: [], nextCursor: null };
      const before = cursor ? Number(decodeCursor(cursor, [isPositiveInteger])[0]) : null;
      const rows = await db
        .select()
        .from(auditEvents)
        .where(
          and(
            actorId ? eq(auditEvents.actorId, actorId) : undefined,
            targetId ? eq(auditEvents.targetId, targetId) : undefined,
            before ? lt(auditEvents.id, before) : undefined,
          ),
        )
        .orderBy(desc(auditEvents.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { events: page, nextCursor: rows.length > limit && last ? encodeCursor([String(last.id)]) : null };
    },

    async forImpersonation(impersonationId: string): Promise<AuditEventRow[]> {
      if (!isUuid(impersonationId)) return [];
      return db.select().from(auditEvents).where(eq(auditEvents.impersonationId, impersonationId)).orderBy(auditEvents.id);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
