import { and, asc, desc, eq, gt, gte, lt } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../cursor';
import { isUuid } from '../ids';
import { hashedTextAroundId, type ChainedLedgerRow } from '../ledger/ledger-chain';
import { toLedgerRowValues, type LedgerEventRow, type NewLedgerEvent } from '../model';
import type { LedgerFilter, LedgerRangeFilter, LedgerRepository } from '../store';
import type { Queryable } from './database';
import { parameter, runStatement, statement, valueAt, type Statement } from './statements';
import { ledgerEvents, ledgerHead } from './schema';

const isPositiveInteger = (value: string) => /^[1-9][0-9]{0,17}$/.test(value);

export interface LedgerRepositoryOptions {
  /** Queue every new row for webhook delivery, in the row's own statement (so its transaction). */
  webhookOutbox?: boolean;
  /** Told of each row once its statement succeeded (postgres-store.ts defers it to the commit inside a transaction). */
  recorded?: (event: NewLedgerEvent) => void;
}

/**
 * The common table expressions that append one ledger row (and queue its webhook delivery), for a
 * statement of its own or at the end of a state change's statement. The head row's UPDATE takes the next
 * id and moves the chain on, and the row (and its webhook delivery) is inserted from what it returns. The
 * UPDATE's row lock serialises appends from every app server (PGlite has one connection anyway) and is held
 * until the transaction commits; an append that waited for it evaluates its SET again on the head it then
 * finds, so it takes its id (the sequence) and its previous hash after the append before it: ids and the
 * chain's order agree. The hash is `ledgerHash` (ledger-chain.ts) computed in the database over the same
 * text, since the id and the previous hash are known only there.
 *
 * With `onlyIf`, the name of an earlier expression of the same statement (a state change's RETURNING),
 * the head moves, and the row is written, only when that expression returned a row: a change that did
 * not happen takes no id and leaves no row. The expressions are named `head`, `inserted` and `queued`; their parameters
 * (`ledgerAppendParameters`) start at `$first`.
 */
export function ledgerAppendText({ first, queue, onlyIf }: { first: number; queue: boolean; onlyIf?: string }): string {
  const p = (index: number) => parameter(index, first);
  return `head as (
        update ledger_head as h
           set (last_id, prev_hash, hash) = (
             select n.id, h.hash, encode(sha256(convert_to(h.hash || ${p(0)} || n.id::text || ${p(1)}, 'UTF8')), 'hex')
               from (select nextval(pg_get_serial_sequence('audit_events', 'id')) as id) as n)
         where h.only_row${onlyIf ? ` and exists (select 1 from ${onlyIf})` : ''}
        returning h.last_id, h.prev_hash, h.hash
      ), inserted as (
        insert into audit_events
               (id, at, type, actor_id, actor_email, target_id, target_email, impersonation_id, reason, ip, user_agent, detail, prev_hash, hash)
        overriding system value
        select last_id, ${p(2)}::timestamptz, ${p(3)}, ${p(4)}::uuid, ${p(5)}, ${p(6)}::uuid,
               ${p(7)}, ${p(8)}::uuid, ${p(9)}, ${p(10)}, ${p(11)},
               ${p(12)}::jsonb, prev_hash, hash
          from head
        returning id
      )${queue ? `, queued as (insert into webhook_outbox (event_id, created_at, next_attempt_at) select id, ${p(2)}::timestamptz, ${p(2)}::timestamptz from inserted)` : ''}`;
}

/** How many parameters `ledgerAppendText` takes (`ledgerAppendParameters`' length): where a statement's next ones start. */
export const LEDGER_APPEND_PARAMETER_COUNT = 13;

/** The parameters of `ledgerAppendText`, in its order, for one row. */
export function ledgerAppendParameters(values: Omit<LedgerEventRow, 'id'>): unknown[] {
  const { before, after } = hashedTextAroundId(values);
  return [
    before,
    after,
    values.at.toISOString(),
    values.type,
    values.actorId,
    values.actorEmail,
    values.targetId,
    values.targetEmail,
    values.impersonationId,
    values.reason,
    values.ip,
    values.userAgent,
    JSON.stringify(values.detail),
  ];
}

/**
 * In a statement that appends with `onlyIf`, the new row's id for each changed row, or an error that
 * undoes the whole statement when the head row is missing (migration 0008 creates it): a change must
 * never commit without its ledger row.
 */
export const LEDGER_ID_OR_FAIL = `coalesce((select last_id::text from head), 'the ledger head row is missing (migration 0008 creates it)')::bigint`;

/** The impersonation ledger: rows are only ever added (the database refuses anything else), each chained to the previous one. */
const appendStatements = [false, true].map((queue) =>
  statement(
    `ledger_append${queue ? '_queued' : ''}`,
    `with ${ledgerAppendText({ first: 1, queue })} select last_id as id, prev_hash, hash from head`,
  ),
);

export function createLedgerRepository(db: Queryable, { webhookOutbox: queue = false, recorded }: LedgerRepositoryOptions = {}) {
  const appendStatement = appendStatements[queue ? 1 : 0] as Statement;

  /** One statement per row (see `ledgerAppendText`). */
  async function append(event: NewLedgerEvent): Promise<ChainedLedgerRow> {
    const values = toLedgerRowValues(event);
    const result = await runStatement(db, appendStatement, ledgerAppendParameters(values));
    const [head] = result.rows;
    if (!head) throw new Error('the ledger head row is missing (migration 0008 creates it)');
    recorded?.(event);
    return {
      id: Number(valueAt(result, head, 'id')),
      ...values,
      prevHash: String(valueAt(result, head, 'prev_hash')),
      hash: String(valueAt(result, head, 'hash')),
    };
  }

  return {
    append,

    /** Newest first. A filter on an id that is not one of ours matches nothing. */
    async list({ cursor, actorId, targetId, limit }: LedgerFilter): Promise<{ events: LedgerEventRow[]; nextCursor: string | null }> {
      if ((actorId !== undefined && !isUuid(actorId)) || (targetId !== undefined && !isUuid(targetId)))
        return { events: [], nextCursor: null };
      const before = cursor ? Number(decodeCursor(cursor, [isPositiveInteger])[0]) : null;
      const rows = await db
        .select()
        .from(ledgerEvents)
        .where(
          and(
            actorId ? eq(ledgerEvents.actorId, actorId) : undefined,
            targetId ? eq(ledgerEvents.targetId, targetId) : undefined,
            before ? lt(ledgerEvents.id, before) : undefined,
          ),
        )
        .orderBy(desc(ledgerEvents.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { events: page, nextCursor: rows.length > limit && last ? encodeCursor([String(last.id)]) : null };
    },

    async forImpersonation(impersonationId: string): Promise<LedgerEventRow[]> {
      if (!isUuid(impersonationId)) return [];
      return db.select().from(ledgerEvents).where(eq(ledgerEvents.impersonationId, impersonationId)).orderBy(ledgerEvents.id);
    },

    async readPage({ actorId, targetId, from, to }: LedgerRangeFilter, afterId: number | null, limit: number) {
      if ((actorId !== undefined && !isUuid(actorId)) || (targetId !== undefined && !isUuid(targetId))) return [];
      return db
        .select()
        .from(ledgerEvents)
        .where(
          and(
            afterId !== null ? gt(ledgerEvents.id, afterId) : undefined,
            actorId ? eq(ledgerEvents.actorId, actorId) : undefined,
            targetId ? eq(ledgerEvents.targetId, targetId) : undefined,
            from ? gte(ledgerEvents.at, from) : undefined,
            to ? lt(ledgerEvents.at, to) : undefined,
          ),
        )
        .orderBy(asc(ledgerEvents.id))
        .limit(limit);
    },

    async recordedHead() {
      const [head] = await db.select().from(ledgerHead);
      return head?.lastId != null ? { lastId: head.lastId, hash: head.hash } : null;
    },
  } satisfies LedgerRepository;
}
