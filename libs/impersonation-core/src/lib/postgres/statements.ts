import { getTableColumns, type Table } from 'drizzle-orm';
import type { Queryable } from './database';

/** A raw row as both drivers hand it over when Drizzle's type parsers are in place: timestamps as text. */
export type RawRow = Record<string, unknown>;

/**
 * Numbers the parameters of a statement written by hand: `add` returns the placeholder (`$1`, `$2`, ...)
 * for a value. The same code path always gives the same text, so a statement can be named and prepared.
 */
export class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Runs one statement through Drizzle's session (the database's or an open transaction's, on either
 * driver) without Drizzle building any SQL: the text is ours, so the call costs the round trip only.
 * Errors come wrapped as Drizzle wraps them (the driver's error in `cause`).
 */
export async function runStatement(db: Queryable, text: string, values: unknown[]): Promise<RawRow[]> {
  const query = db._.session.prepareQuery({ sql: text, params: values }, undefined, undefined, false);
  const result = (await query.execute()) as { rows: RawRow[] };
  return result.rows;
}

/**
 * A table's columns selected under a prefix (`a.id as "a.id"`) and read back into the record Drizzle
 * would return (timestamps as dates), so statements written by hand return the same rows as the query
 * builder's. A row whose `id` is null (a left join that found nothing) reads as `null`.
 */
export function columnsOf<Row>(table: Table, prefix: string) {
  const columns = Object.entries(getTableColumns(table));
  return {
    select: (alias: string) => columns.map(([, column]) => `${alias}."${column.name}" as "${prefix}${column.name}"`).join(', '),
    read(raw: RawRow): Row | null {
      if (raw[`${prefix}id`] === null || raw[`${prefix}id`] === undefined) return null;
      const row: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = raw[`${prefix}${column.name}`];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as Row;
    },
  };
}
