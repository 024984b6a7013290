import { DrizzleQueryError, entityKind, getTableColumns, type Table } from 'drizzle-orm';
import type { Queryable } from './database';

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

/** A row as the driver hands it over in array mode: one value per output column, in select-list order. */
export type RawRow = readonly unknown[];

/**
 * What a statement returned: its rows as arrays (no object with one key per column is built per row)
 * and where each output column sits in them, by name. A statement's output columns are fixed by its text
 * (every statement here names them), so the positions are resolved on its first run and shared.
 */
export interface StatementRows {
  readonly rows: readonly RawRow[];
  readonly positions: ReadonlyMap<string, number>;
}

/** The value of output column `name` in `row` of `result`. */
export function valueAt(result: StatementRows, row: RawRow, name: string): unknown {
  const position = result.positions.get(name);
  if (position === undefined) throw new Error(`the statement returns no column "${name}"`);
  return row[position];
}

interface DriverResult {
  rows: unknown[][];
  fields: readonly { name: string }[];
}

/**
 * How a statement is handed to the driver, taken once per statement from the query Drizzle itself
 * prepares for it in array mode: the same text, name and type parsers (timestamps, dates and intervals
 * stay text, as Drizzle reads them), without Drizzle's per-call work (two new driver configs with their
 * own type-parser closures, tracing spans, placeholder filling).
 */
type Call = (client: unknown, values: unknown[]) => Promise<DriverResult>;

interface PreparedInternals {
  queryConfig: object;
}

const calls = new Map<string, Call>();
const positionsByStatement = new Map<string, ReadonlyMap<string, number>>();

function callFor(db: Queryable, { name, text }: Statement): Call {
  const session = db._.session;
  const kind = (session.constructor as { [entityKind]?: string })[entityKind];
  const key = `${kind}:${name}`;
  const known = calls.get(key);
  if (known) return known;
  // Both drivers' prepared queries build their array-mode config (`queryConfig`) when made; this one is never executed.
  const prepared = session.prepareQuery({ sql: text, params: [] }, undefined, name, true) as unknown as PreparedInternals;
  let call: Call;
  if (kind === 'NodePgSession') {
    const config = prepared.queryConfig;
    call = (client, values) => (client as { query(config: object, values: unknown[]): Promise<DriverResult> }).query(config, values);
  } else if (kind === 'PgliteSession') {
    const options = prepared.queryConfig;
    call = (client, values) =>
      (client as { query(text: string, values: unknown[], options: object): Promise<DriverResult> }).query(text, values, options);
  } else {
    throw new TypeError(`hand-written statements run on node-postgres or PGlite, not on ${String(kind)}`);
  }
  calls.set(key, call);
  return call;
}

/**
 * Runs one statement on the driver under Drizzle's session (the database's or an open transaction's
 * connection, on either driver) without Drizzle building any SQL: the call costs the round trip and
 * little else. Errors come wrapped as Drizzle wraps them (`DrizzleQueryError`, the driver's error in
 * `cause`), and the query goes to Drizzle's logger, as through Drizzle's own prepared queries.
 */
export async function runStatement(db: Queryable, statement: Statement, values: unknown[]): Promise<StatementRows> {
  const call = callFor(db, statement);
  const session = db._.session as unknown as { client: unknown; logger: { logQuery(query: string, params: unknown[]): void } };
  session.logger.logQuery(statement.text, values);
  let result: DriverResult;
  try {
    result = await call(session.client, values);
  } catch (error) {
    throw new DrizzleQueryError(statement.text, values, error as Error);
  }
  let positions = positionsByStatement.get(statement.name);
  if (!positions) {
    positions = new Map(result.fields.map((field, position) => [field.name, position]));
    positionsByStatement.set(statement.name, positions);
  }
  return { rows: result.rows, positions };
}

/**
 * A table's columns selected under a prefix (`a.id as "a.id"`) and read back into the record Drizzle
 * would return (timestamps as dates, jsonb parsed, bigint as number), so statements written by hand
 * return the same rows as the query builder's. A row whose `id` is null (a left join that found nothing)
 * reads as `null`. Where the columns sit is resolved once per statement.
 */
export function columnsOf<Row>(table: Table, prefix: string) {
  const columns = Object.entries(getTableColumns(table));
  const keys = columns.map(([key]) => key);
  const tableColumns = columns.map(([, column]) => column);
  const outputNames = columns.map(([, column]) => `${prefix}${column.name}`);
  const idName = `${prefix}id`;
  const slots = new WeakMap<ReadonlyMap<string, number>, { id: number; at: number[] }>();

  function slotsIn(positions: ReadonlyMap<string, number>) {
    let found = slots.get(positions);
    if (!found) {
      const at = (name: string) => {
        const position = positions.get(name);
        if (position === undefined) throw new Error(`the statement does not select "${name}"`);
        return position;
      };
      found = { id: at(idName), at: outputNames.map(at) };
      slots.set(positions, found);
    }
    return found;
  }

  return {
    select: (alias: string) => columns.map(([, column]) => `${alias}."${column.name}" as "${prefix}${column.name}"`).join(', '),
    read(result: StatementRows, raw: RawRow): Row | null {
      const { id, at } = slotsIn(result.positions);
      if (raw[id] === null || raw[id] === undefined) return null;
      const row: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index++) {
        const value = raw[at[index] as number];
        row[keys[index] as string] = value === null || value === undefined ? null : tableColumns[index]?.mapFromDriverValue(value);
      }
      return row as Row;
    },
  };
}
