import { getTableColumns, type Table } from 'drizzle-orm';
import type { Queryable } from './database';

/** A raw row as both drivers hand it over when Drizzle's type parsers are in place: timestamps as text. */
export type RawRow = Record<string, unknown>;

/**
 * A statement written once, by hand, and run with positional parameters (`$1`, `$2`, ...). On
 * node-postgres it runs as a named prepared statement: PostgreSQL parses and plans it once per
 * connection, and the client sends only Bind/Execute afterwards. PGlite has one connection in the same
 * process and runs it unnamed. A name must always stand for the same text (the client refuses a second
 * text under a name it has seen), so each text gets a name of its own.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

export const statement = (name: string, text: string): Statement => ({ name: `viewas_${name}`, text });

/** `$n` for the `index`-th parameter (from 0) of a statement whose parameters start at `first` (1 by default). */
export const parameter = (index: number, first = 1) => `$${first + index}`;

/**
 * Runs one statement through Drizzle's session (the database's or an open transaction's, on either
 * driver) without Drizzle building any SQL: the call costs the round trip and little else. Errors come
 * wrapped as Drizzle wraps them (the driver's error in `cause`). Timestamps come back as text (Drizzle's
 * type parsers), which `columnsOf` reads as dates.
 */
export async function runStatement(db: Queryable, { name, text }: Statement, values: unknown[]): Promise<RawRow[]> {
  const query = db._.session.prepareQuery({ sql: text, params: values }, undefined, name, false);
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
