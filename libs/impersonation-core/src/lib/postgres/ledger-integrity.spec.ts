import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  MIGRATIONS_FOLDER,
  openMigratedPglite,
  openMigratedPostgres,
  type MigratedDatabase,
  requirePostgresUrl,
  TEST_DATABASE_URL,
} from '../../../testing/test-databases';
import { verifyLedger } from '../ledger/verify-ledger';
import type { NewLedgerEvent } from '../model';
import type { Database } from './database';
import { createPostgresStore } from './postgres-store';
import { schema } from './schema';

const kinds: [string, () => Promise<MigratedDatabase>][] = [['PGlite', openMigratedPglite]];
if (TEST_DATABASE_URL) kinds.push(['PostgreSQL', () => openMigratedPostgres(requirePostgresUrl())]);

const event = (index: number, overrides: Partial<NewLedgerEvent> = {}): NewLedgerEvent => ({
  at: new Date(Date.UTC(2030, 0, 1, 10, 0, index)),
  type: 'impersonation.denied',
  actor: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
  target: null,
  impersonationId: null,
  reason: `Ticket ${index}`,
  ip: '203.0.113.9',
  userAgent: 'jest',
  detail: { attempt: 'start', why: 'not_admin', index },
  ...overrides,
});

/** What a database superuser can do behind the app's back: switch the append-only trigger off for one statement. */
async function asSuperuser(db: Database, statement: ReturnType<typeof sql>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  });
}

for (const [name, open] of kinds) {
  describe(`the ledger's hash chain on ${name}`, () => {
    let database: MigratedDatabase;
    beforeEach(async () => {
      database = await open();
    }, 60_000);
    afterEach(() => database?.close());

    async function appended(count: number) {
      const store = createPostgresStore(database.db);
      const rows = [];
      for (let index = 1; index <= count; index += 1) rows.push(await store.ledger.append(event(index)));
      return { store, rows };
    }

    it('keeps one chain when appends run in parallel', async () => {
      const store = createPostgresStore(database.db);
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          index % 2 ? store.ledger.append(event(index)) : store.transaction((tx) => tx.ledger.append(event(index))),
        ),
      );
      const rows = await store.ledger.readPage({}, null, 100);
      expect(rows).toHaveLength(40);
      rows.slice(1).forEach((row, index) => expect(row.prevHash).toBe(rows[index]?.hash));
      expect(await verifyLedger(store.ledger)).toEqual({ ok: true, count: 40, head: rows.at(-1)?.hash });
    }, 60_000);

    it('stores the hash verifyLedger recomputes for text beyond ASCII, quotes, control characters and nested detail', async () => {
      const store = createPostgresStore(database.db, { webhookOutbox: true });
      const row = await store.ledger.append(
        event(1, {
          reason: 'é€😀 "q" \\ \n\t',
          userAgent: null,
          detail: { id: 0, impersonationId: 'x', nested: { z: [1, 'two', null, false, 0.5, -3], a: '"id":0,"impersonationId":' } },
        }),
      );
      const [stored] = await store.ledger.readPage({}, null, 10);
      expect(stored).toMatchObject({ id: row.id, prevHash: row.prevHash, hash: row.hash, reason: 'é€😀 "q" \\ \n\t' });
      expect(await verifyLedger(store.ledger)).toEqual({ ok: true, count: 1, head: row.hash });
      expect(await store.ledger.recordedHead()).toEqual({ lastId: row.id, hash: row.hash });
    }, 60_000);

    it('finds a row changed by a superuser, by its id', async () => {
      const { store, rows } = await appended(5);
      await asSuperuser(database.db, sql`update audit_events set reason = 'nothing to see' where id = ${rows[2]!.id}`);
      expect(await verifyLedger(store.ledger)).toMatchObject({ ok: false, count: 5, firstBadId: rows[2]!.id });
    }, 60_000);

    it('finds a changed row whose hash was recomputed, at the next row', async () => {
      const { store, rows } = await appended(5);
      await asSuperuser(database.db, sql`update audit_events set hash = ${'f'.repeat(64)} where id = ${rows[1]!.id}`);
      expect(await verifyLedger(store.ledger)).toMatchObject({ ok: false, firstBadId: rows[1]!.id });
    }, 60_000);

    it('finds a row deleted by a superuser, at the row after it', async () => {
      const { store, rows } = await appended(5);
      await asSuperuser(database.db, sql`delete from audit_events where id = ${rows[1]!.id}`);
      expect(await verifyLedger(store.ledger)).toMatchObject({ ok: false, count: 4, firstBadId: rows[2]!.id });
    }, 60_000);

    it('finds deleted newest rows from the recorded head', async () => {
      const { store, rows } = await appended(5);
      await asSuperuser(database.db, sql`delete from audit_events where id >= ${rows[3]!.id}`);
      expect(await verifyLedger(store.ledger)).toMatchObject({ ok: false, count: 3, firstBadId: rows[4]!.id });
    }, 60_000);

    it('writes the webhook outbox row in the ledger row’s transaction, or neither', async () => {
      const store = createPostgresStore(database.db, { webhookOutbox: true });
      const kept = await store.ledger.append(event(1));
      await expect(
        store.transaction(async (tx) => {
          await tx.ledger.append(event(2));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const outbox = await database.db.execute<{ event_id: string }>(sql`select event_id from webhook_outbox order by event_id`);
      expect((outbox as unknown as { rows: { event_id: string | number }[] }).rows.map((row) => Number(row.event_id))).toEqual([kept.id]);
      expect(await verifyLedger(store.ledger)).toMatchObject({ ok: true, count: 1 });
      expect(await createPostgresStore(database.db).webhookOutbox.health()).toMatchObject({ pending: 1, failing: 0, failed: 0 });
    }, 60_000);

    it('refuses to remove the chain head', async () => {
      await expect(database.db.execute(sql`delete from ledger_head`)).rejects.toThrow();
    });

    describe('writes behind the append path', () => {
      /** A row as someone with the app's role could insert it by hand, chained to `prevHash`. */
      const forged = (prevHash: string, hash = 'f'.repeat(64), id?: number) =>
        sql`insert into audit_events (${sql.raw(id === undefined ? '' : 'id, ')}at, type, reason, detail, prev_hash, hash)
            ${sql.raw(id === undefined ? '' : 'overriding system value ')}values (${sql.raw(id === undefined ? '' : `${id}, `)}now(), 'impersonation.denied', 'forged', '{}', ${prevHash}, ${hash})`;
      /** The error PostgreSQL raised (Drizzle wraps it; its message is the cause's). */
      const refusal = (statement: ReturnType<typeof sql>) =>
        database.db.execute(statement).then(
          () => null,
          (thrown: { cause?: { message?: string }; message?: string }) => thrown.cause?.message ?? thrown.message ?? '',
        );

      it('refuses an inserted row whose prev_hash is not the head, and the chain stays whole', async () => {
        const { store, rows } = await appended(3);
        for (const prevHash of [rows[1]!.hash, '0'.repeat(64), 'not a hash'])
          expect(await refusal(forged(prevHash))).toMatch(/does not chain from the ledger head/);
        expect(await verifyLedger(store.ledger)).toEqual({ ok: true, count: 3, head: rows[2]!.hash });
        expect(await store.ledger.recordedHead()).toEqual({ lastId: rows[2]!.id, hash: rows[2]!.hash });
      }, 60_000);

      it('refuses an inserted row numbered before the head, even chained from it', async () => {
        const { store, rows } = await appended(2);
        // Verification reads rows in id order: a row numbered before the head would sit inside the chain.
        expect(await refusal(forged(rows[1]!.hash, 'e'.repeat(64), 0))).toMatch(/does not chain from the ledger head/);
        expect(await verifyLedger(store.ledger)).toEqual({ ok: true, count: 2, head: rows[1]!.hash });
      }, 60_000);

      it.each([
        ['to another hash', sql`update ledger_head set hash = ${'a'.repeat(64)}`],
        ['back to the genesis hash, as if the ledger were empty', sql`update ledger_head set hash = ${'0'.repeat(64)}, last_id = null`],
        ['to an earlier row', sql`update ledger_head set last_id = last_id - 1`],
        ['to a row past the newest', sql`update ledger_head set last_id = last_id + 10`],
        ['in place, with the same values', sql`update ledger_head set hash = hash`],
        ['by inserting a second head row', sql`insert into ledger_head (only_row, last_id, hash) values (false, 1, 'x')`],
      ])(
        'refuses moving the head %s',
        async (_what, statement) => {
          const { store, rows } = await appended(2);
          expect(await refusal(statement)).not.toBeNull();
          expect(await store.ledger.recordedHead()).toEqual({ lastId: rows[1]!.id, hash: rows[1]!.hash });
          expect(await verifyLedger(store.ledger)).toEqual({ ok: true, count: 2, head: rows[1]!.hash });
        },
        60_000,
      );

      it('takes a row chained from the head as an append, which moves the head; a hash that is not its own is found by verify', async () => {
        // What the triggers cannot stop (docs/ledger.md): the app's role may append. A forged hash is still a break.
        const { store, rows } = await appended(2);
        expect(await refusal(forged(rows[1]!.hash))).toBeNull();
        const head = await store.ledger.recordedHead();
        expect(head?.lastId).toBeGreaterThan(rows[1]!.id);
        expect(await verifyLedger(store.ledger)).toMatchObject({ ok: false, count: 3, firstBadId: head?.lastId });
        const next = await store.ledger.append(event(3));
        expect(next.prevHash).toBe('f'.repeat(64));
      }, 60_000);
    });
  });
}

describe('migration 0008', () => {
  let folder: string;
  let client: PGlite;
  afterEach(async () => {
    await client?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('chains the rows written before it, in id order, as the app would have', async () => {
    // The migrations up to 0007 first, rows written then, and 0008 on top of them.
    folder = mkdtempSync(path.join(tmpdir(), 'viewas-0008-'));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.tag < '0008') }));
    client = await PGlite.create();
    await pgliteMigrate(pgliteDrizzle({ client, schema }), { migrationsFolder: folder });
    const details = [
      {},
      { attempt: 'start', why: 'not_admin' },
      { minutes: 30, nested: { z: [1, 'two', null, false], a: 'é€😀 "q" \\ \n\t' } },
    ];
    for (const [index, detail] of details.entries()) {
      await client.query(
        `insert into audit_events (at, type, actor_id, actor_email, reason, ip, user_agent, detail) values ($1, 'impersonation.denied', $2, 'admin@example.com', $3, null, 'jest', $4)`,
        [new Date(Date.UTC(2026, 10, 23, 10, 0, index, 123)), '00000000-0000-4000-8000-000000000001', `Ticket ${index}`, detail],
      );
    }
    await pgliteMigrate(pgliteDrizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    const store = createPostgresStore(pgliteDrizzle({ client, schema }) as unknown as Database);
    const before = await verifyLedger(store.ledger);
    expect(before).toMatchObject({ ok: true, count: 3 });
    const next = await store.ledger.append(event(9));
    expect(next.prevHash).toBe(before.head);
    expect(await verifyLedger(store.ledger)).toMatchObject({ ok: true, count: 4, head: next.hash });
  });
});
