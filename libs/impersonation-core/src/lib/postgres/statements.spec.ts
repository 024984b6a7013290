import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { openMigratedDatabase, testDatabaseKinds, type MigratedDatabase } from '../../../testing/test-databases';
import { columnsOf, runStatement, statement, valueAt } from './statements';

// A table of every kind of column the hand-written statements read, so the reader is held to what
// Drizzle's query builder returns for the same rows.
const samples = pgTable('statement_samples', {
  id: uuid('id').primaryKey(),
  label: text('label').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  localAt: timestamp('local_at'),
  data: jsonb('data'),
  total: bigint('total', { mode: 'number' }),
  amount: numeric('amount'),
  count: integer('count'),
  flag: boolean('flag'),
});

const CREATE_SAMPLES = sql`create table statement_samples (
  id uuid primary key, label text not null, at timestamptz not null, local_at timestamp, data jsonb,
  total bigint, amount numeric, count integer, flag boolean)`;

const sampleColumns = columnsOf<typeof samples.$inferSelect>(samples, 's.');
const otherColumns = columnsOf<typeof samples.$inferSelect>(samples, 'o.');

/** A sample ($1) and, left-joined, another one ($2) that may not exist. */
const SAMPLE_AND_OTHER = statement(
  'spec_sample_and_other',
  `select ${sampleColumns.select('s')}, ${otherColumns.select('o')}, o.id is null as other_missing
     from statement_samples s left join statement_samples o on o.id = $2::uuid
    where s.id = $1::uuid`,
);
const ALL_SAMPLES = statement('spec_all_samples', `select ${sampleColumns.select('s')} from statement_samples s order by s.label`);
const BROKEN = statement('spec_broken', 'insert into statement_samples (id, label, at) values ($1::uuid, $2, now())');

const FULL = {
  id: '00000000-0000-4000-8000-000000000001',
  label: 'full',
  at: new Date('2026-03-04T05:06:07.891Z'),
  localAt: new Date('2026-03-04T05:06:07.000Z'),
  data: { nested: { list: [1, 'two', null] }, flag: true },
  total: 9_007_199_254_740_991,
  amount: '12345.6789',
  count: -42,
  flag: false,
};
const EMPTY = {
  id: '00000000-0000-4000-8000-000000000002',
  label: 'empty',
  at: new Date('2020-01-01T00:00:00.000Z'),
  localAt: null,
  data: null,
  total: null,
  amount: null,
  count: null,
  flag: null,
};
const MISSING = '00000000-0000-4000-8000-0000000000ff';

for (const kind of testDatabaseKinds()) {
  describe(`hand-written statements on ${kind}`, () => {
    let database: MigratedDatabase;
    beforeAll(async () => {
      database = await openMigratedDatabase(kind);
      await database.db.execute(CREATE_SAMPLES);
      await database.db.insert(samples).values([FULL, EMPTY]);
    }, 60_000);
    afterAll(() => database?.close());

    it('reads every column as the query builder returns it: timestamps as dates, jsonb, bigint and numeric', async () => {
      const built = await database.db.select().from(samples).orderBy(samples.label);
      const result = await runStatement(database.db, ALL_SAMPLES, []);
      const read = result.rows.map((row) => sampleColumns.read(result, row));
      expect(read).toEqual(built);
      expect(read).toEqual([EMPTY, FULL]);
      expect(read[1]?.at).toBeInstanceOf(Date);
    });

    it('reads the side of a left join that found nothing as null, and the other side in full', async () => {
      const result = await runStatement(database.db, SAMPLE_AND_OTHER, [FULL.id, MISSING]);
      expect(result.rows).toHaveLength(1);
      const [row] = result.rows;
      if (!row) throw new Error('no row');
      expect(sampleColumns.read(result, row)).toEqual(FULL);
      expect(otherColumns.read(result, row)).toBeNull();
      expect(valueAt(result, row, 'other_missing')).toBe(true);
    });

    it('reads both sides of a join from one row, each under its own prefix', async () => {
      const result = await runStatement(database.db, SAMPLE_AND_OTHER, [EMPTY.id, FULL.id]);
      const [row] = result.rows;
      if (!row) throw new Error('no row');
      expect(sampleColumns.read(result, row)).toEqual(EMPTY);
      expect(otherColumns.read(result, row)).toEqual(FULL);
      expect(valueAt(result, row, 'other_missing')).toBe(false);
    });

    it('returns no rows, with the output columns still known, when nothing matches', async () => {
      const result = await runStatement(database.db, SAMPLE_AND_OTHER, [MISSING, MISSING]);
      expect(result.rows).toEqual([]);
      expect(result.positions.has('s.id')).toBe(true);
    });

    it('refuses to read a column the statement does not select', async () => {
      const result = await runStatement(database.db, ALL_SAMPLES, []);
      const [row] = result.rows;
      if (!row) throw new Error('no row');
      expect(() => valueAt(result, row, 'other_missing')).toThrow('the statement returns no column "other_missing"');
      expect(() => otherColumns.read(result, row)).toThrow('the statement does not select "o.id"');
    });

    it("runs inside a transaction on the transaction's connection, and the rollback keeps nothing", async () => {
      const id = '00000000-0000-4000-8000-000000000003';
      const rollback = new Error('roll back');
      await expect(
        database.db.transaction(async (tx) => {
          await runStatement(tx, BROKEN, [id, 'in a transaction']);
          const result = await runStatement(tx, SAMPLE_AND_OTHER, [id, MISSING]);
          const [row] = result.rows;
          if (!row) throw new Error('the transaction does not see its own row');
          expect(sampleColumns.read(result, row)?.label).toBe('in a transaction');
          throw rollback;
        }),
      ).rejects.toBe(rollback);
      expect(await database.db.select().from(samples).where(eq(samples.id, id))).toEqual([]);
    });

    it("wraps the driver's error as Drizzle does, the database's code in its cause", async () => {
      const error = await runStatement(database.db, BROKEN, [FULL.id, 'duplicate']).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DrizzleQueryError);
      expect((error as DrizzleQueryError).query).toBe(BROKEN.text);
      expect(((error as DrizzleQueryError).cause as { code?: string }).code).toBe('23505');
    });
  });
}
