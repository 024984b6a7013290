import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { openMigratedPostgres, type MigratedDatabase, requirePostgresUrl, TEST_DATABASE_URL } from '../../../testing/test-databases';
import { verifyLedger } from '../ledger/verify-ledger';
import { createCheckpointer } from '../checkpoints/checkpointer';
import { generateNoteKey, parseSignerKey } from '../checkpoints/signed-note';
import { createCheckpointRepository } from './checkpoints';
import type { Database } from './database';
import { createPostgresStore } from './postgres-store';
import { schema } from './schema';

/** The grants docs/ledger.md tells operators to give the app's role (the owner migrated). */
const appRoleGrants = (role: string) => [
  `GRANT USAGE ON SCHEMA public TO ${role}`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`,
  `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`,
  `REVOKE UPDATE, DELETE, TRUNCATE ON audit_events FROM ${role}`,
  `REVOKE DELETE, TRUNCATE ON ledger_head FROM ${role}`,
  `REVOKE UPDATE, DELETE, TRUNCATE ON ledger_checkpoints FROM ${role}`,
];

(TEST_DATABASE_URL ? describe : describe.skip)('the app role on PostgreSQL (least privilege)', () => {
  const role = `viewas_app_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  let owner: MigratedDatabase;
  let pool: Pool;
  let app: Database;

  beforeAll(async () => {
    owner = await openMigratedPostgres(requirePostgresUrl());
    await owner.db.execute(sql.raw(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`));
    for (const grant of appRoleGrants(role)) await owner.db.execute(sql.raw(grant));
    const name = (
      (await owner.db.execute<{ name: string }>(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    ).rows[0]!.name;
    const url = new URL(requirePostgresUrl());
    url.username = role;
    url.password = password;
    url.pathname = `/${name}`;
    pool = new Pool({ connectionString: url.toString(), max: 4 });
    // Its sockets may still be closing when afterAll drops the database (see testing/test-databases.ts).
    pool.on('error', () => undefined);
    app = drizzle({ client: pool, schema }) as unknown as Database;
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await owner?.close();
    const client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`DROP ROLE IF EXISTS ${role}`);
    await client.end();
  });

  it('may append ledger rows (chained, webhook queued) and read and verify them', async () => {
    const store = createPostgresStore(app, { webhookOutbox: true });
    for (let index = 0; index < 3; index += 1)
      await store.ledger.append({
        at: new Date(),
        type: 'impersonation.denied',
        actor: null,
        target: null,
        impersonationId: null,
        reason: `Ticket ${index}`,
        ip: null,
        userAgent: null,
      });
    expect(await verifyLedger(store.ledger)).toMatchObject({ ok: true, count: 3 });
    expect((await store.webhookOutbox.health()).pending).toBe(3);
  });

  it('may sign and store a checkpoint with its announcement row', async () => {
    const signer = parseSignerKey(generateNoteKey('ledger.test/least-privilege').signerKey);
    const checkpoints = createCheckpointer({
      store: createCheckpointRepository(app),
      signer,
      clock: { now: () => new Date(Date.now() + 10 * 60_000) },
    });
    expect((await checkpoints.checkpointIfDue()).map((checkpoint) => checkpoint.size)).toEqual([3]);
  });

  it.each([
    ['change a row', 'UPDATE audit_events SET reason = $$rewritten$$'],
    ['delete a row', 'DELETE FROM audit_events'],
    ['truncate the ledger', 'TRUNCATE audit_events'],
    ['switch the append-only trigger off', 'ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only'],
    ['drop the append-only trigger', 'DROP TRIGGER audit_events_append_only ON audit_events'],
    ['alter the ledger table', 'ALTER TABLE audit_events DROP COLUMN hash'],
    ['drop the ledger table', 'DROP TABLE audit_events'],
    ['remove the chain head', 'DELETE FROM ledger_head'],
    ['switch off the trigger that holds new rows to the head', 'ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_moves_head'],
    [
      'switch off the trigger that keeps the head where the appends put it',
      'ALTER TABLE ledger_head DISABLE TRIGGER ledger_head_moves_by_append',
    ],
    ['change a signed checkpoint', 'UPDATE ledger_checkpoints SET note = $$forged$$'],
    ['delete a signed checkpoint', 'DELETE FROM ledger_checkpoints'],
    ['switch the checkpoints trigger off', 'ALTER TABLE ledger_checkpoints DISABLE TRIGGER ledger_checkpoints_append_only'],
  ])('may not %s', async (_what, statement) => {
    // Drizzle wraps the driver's error; PostgreSQL's own message is its cause.
    const error = await app.execute(sql.raw(statement)).then(
      () => null,
      (thrown: unknown) => thrown as { cause?: { message?: string } },
    );
    expect(error?.cause?.message).toMatch(
      /^(permission denied for table|must be owner of (table|relation)) (audit_events|ledger_head|ledger_checkpoints)$/,
    );
  });

  it.each([
    [
      'append a forged row that does not chain from the head',
      `INSERT INTO audit_events (at, type, detail, prev_hash, hash) VALUES (now(), 'impersonation.denied', '{}', repeat('0', 64), repeat('f', 64))`,
      /does not chain from the ledger head/,
    ],
    ['move the chain head by hand', `UPDATE ledger_head SET hash = repeat('a', 64)`, /ledger_head moves only to the row just appended/],
    ['move the chain head back', `UPDATE ledger_head SET last_id = last_id - 1`, /ledger_head moves only to the row just appended/],
  ])('may not %s', async (_what, statement, message) => {
    const store = createPostgresStore(app);
    const before = await store.ledger.recordedHead();
    const error = await app.execute(sql.raw(statement)).then(
      () => null,
      (thrown: unknown) => thrown as { cause?: { message?: string } },
    );
    expect(error?.cause?.message).toMatch(message);
    expect(await store.ledger.recordedHead()).toEqual(before);
    expect(await verifyLedger(store.ledger)).toMatchObject({ ok: true });
  });
});
