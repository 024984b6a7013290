import { sql } from 'drizzle-orm';
import { openMigratedDatabase, testDatabaseKinds, type MigratedDatabase } from '../../../testing/test-databases';
import { createManualClock } from '../clock';
import { CHECKPOINT_EVENT_TYPE, createCheckpointer, UnverifiedRowsError } from '../checkpoints/checkpointer';
import { parseCheckpoint } from '../checkpoints/checkpoint';
import { generateNoteKey, openNote, parseSignerKey, parseVerifierKey } from '../checkpoints/signed-note';
import { verifyCheckpoints } from '../checkpoints/verify-checkpoints';
import { chainRow, GENESIS_HASH, type ChainedLedgerRow } from '../ledger/ledger-chain';
import { verifyLedger } from '../ledger/verify-ledger';
import type { NewLedgerEvent } from '../model';
import type { Database } from './database';
import { createCheckpointRepository } from './checkpoints';
import { createPostgresStore } from './postgres-store';

const KEY = generateNoteKey('ledger.test/viewas');
const signer = parseSignerKey(KEY.signerKey);
const verifier = parseVerifierKey(KEY.verifierKey);

const event = (index: number, at: Date): NewLedgerEvent => ({
  at,
  type: 'impersonation.denied',
  actor: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
  target: null,
  impersonationId: null,
  reason: `Ticket ${index}`,
  ip: '203.0.113.9',
  userAgent: 'jest',
  detail: { index },
});

async function allRows(db: Database): Promise<ChainedLedgerRow[]> {
  return createPostgresStore(db).ledger.readPage({}, null, 100_000);
}

/**
 * What a database superuser can do behind the app's back: change a row, then recompute every hash after
 * it and the recorded head, so the chain verifies again.
 */
async function rewriteChain(db: Database, rowId: number, reason: string) {
  const rows = await allRows(db);
  let previous = GENESIS_HASH;
  const rewritten = rows.map((row) => {
    const next = chainRow(previous, row.id === rowId ? { ...row, reason } : row);
    previous = next.hash;
    return next;
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    for (const row of rewritten)
      await tx.execute(
        sql`update audit_events set reason = ${row.reason}, prev_hash = ${row.prevHash}, hash = ${row.hash} where id = ${row.id}`,
      );
    await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    // The head's own guard (it moves only by an append) is the superuser's to switch off too.
    await tx.execute(sql`alter table ledger_head disable trigger ledger_head_moves_by_append`);
    await tx.execute(sql`update ledger_head set hash = ${previous}, prev_hash = ${rewritten.at(-2)?.hash ?? GENESIS_HASH}`);
    await tx.execute(sql`alter table ledger_head enable trigger ledger_head_moves_by_append`);
  });
}

for (const kind of testDatabaseKinds()) {
  describe(`signed ledger checkpoints on ${kind}`, () => {
    let database: MigratedDatabase;
    const clock = createManualClock('2030-01-01T10:00:00Z');
    beforeEach(async () => {
      database = await openMigratedDatabase(kind);
    }, 60_000);
    afterEach(() => database?.close());

    async function append(count: number) {
      const store = createPostgresStore(database.db);
      for (let index = 1; index <= count; index += 1) await store.ledger.append(event(index, clock.now()));
    }
    const checkpointer = () => createCheckpointer({ store: createCheckpointRepository(database.db), signer, clock });

    it('signs one checkpoint at every 100th row, each a note over the row at exactly that size', async () => {
      await append(250);

      const made = await checkpointer().checkpointIfDue();

      // Each checkpoint's announcement row is a row too: 250 rows and 2 announcements leave 52 past size 200.
      expect(made.map((checkpoint) => checkpoint.size)).toEqual([100, 200]);
      const rows = await allRows(database.db);
      for (const checkpoint of made) {
        const opened = openNote(checkpoint.note, verifier);
        expect(opened.ok && parseCheckpoint(opened.text)).toEqual({
          origin: 'ledger.test/viewas',
          size: checkpoint.size,
          hash: rows[checkpoint.size - 1]?.hash,
        });
        expect(rows.find((row) => row.id === checkpoint.eventId)).toMatchObject({
          type: CHECKPOINT_EVENT_TYPE,
          detail: { size: checkpoint.size, hash: checkpoint.hash, note: checkpoint.note },
        });
      }
      expect(await checkpointer().checkpointIfDue()).toEqual([]);
    }, 60_000);

    it('signs the head once a row has waited 5 minutes, and not again for its own announcement', async () => {
      await append(3);
      const checkpoints = checkpointer();
      clock.advance(5 * 60_000 - 1);
      expect(await checkpoints.checkpointIfDue()).toEqual([]);

      clock.advance(1);
      expect((await checkpoints.checkpointIfDue()).map((checkpoint) => checkpoint.size)).toEqual([3]);

      clock.advance(60 * 60_000);
      expect(await checkpoints.checkpointIfDue()).toEqual([]);
    }, 60_000);

    it('stores each size once when two app servers sign at the same moment', async () => {
      await append(100);

      const [first, second] = await Promise.all([checkpointer().checkpointIfDue(), checkpointer().checkpointIfDue()]);

      expect([...first, ...second].map((checkpoint) => checkpoint.size)).toEqual([100]);
      const announcements = (await allRows(database.db)).filter((row) => row.type === CHECKPOINT_EVENT_TYPE);
      expect(announcements).toHaveLength(1);
    }, 60_000);

    it('verifies every stored checkpoint against the chain with only the public key', async () => {
      await append(230);
      await checkpointer().checkpointIfDue();
      const notes = (await createCheckpointRepository(database.db).list()).map((checkpoint) => checkpoint.note);

      expect(await verifyCheckpoints(await allRows(database.db), notes, verifier)).toEqual({
        ok: true,
        verified: 2,
        checkpoints: [
          { size: 100, status: 'verified', rowId: expect.any(Number) },
          { size: 200, status: 'verified', rowId: expect.any(Number) },
        ],
      });
    }, 60_000);

    it('finds a superuser rewrite of the chain (rows changed, every hash and the head recomputed) against an older checkpoint', async () => {
      await append(150);
      await checkpointer().checkpointIfDue();
      const notes = (await createCheckpointRepository(database.db).list()).map((checkpoint) => checkpoint.note);
      const rows = await allRows(database.db);

      await rewriteChain(database.db, rows[41]!.id, 'Nothing to see here');

      // The chain alone cannot tell: it was recomputed, head included.
      expect(await verifyLedger(createPostgresStore(database.db).ledger)).toMatchObject({ ok: true, count: 151 });
      // The checkpoint signed before the rewrite can.
      expect(await verifyCheckpoints(await allRows(database.db), notes, verifier)).toEqual({
        ok: false,
        verified: 0,
        checkpoints: [{ size: 100, status: 'mismatch', rowId: rows[99]!.id }],
      });
    }, 60_000);

    it('finds rows removed from under a checkpoint, and a note another key signed', async () => {
      await append(100);
      await checkpointer().checkpointIfDue();
      const [checkpoint] = await createCheckpointRepository(database.db).list();
      const foreign = generateNoteKey('ledger.test/viewas');

      expect(await verifyCheckpoints((await allRows(database.db)).slice(0, 99), [checkpoint!.note], verifier)).toMatchObject({
        ok: false,
        checkpoints: [{ size: 100, status: 'missing_rows' }],
      });
      expect(await verifyCheckpoints(await allRows(database.db), [checkpoint!.note], parseVerifierKey(foreign.verifierKey))).toMatchObject({
        ok: false,
        checkpoints: [{ size: null, status: 'unsigned' }],
      });
    }, 60_000);

    it('signs nothing over rows that do not chain from the last checkpoint', async () => {
      await append(100);
      await checkpointer().checkpointIfDue();
      await append(100);
      const rows = await allRows(database.db);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
        await tx.execute(sql`update audit_events set reason = 'changed' where id = ${rows[150]!.id}`);
        await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
      });

      await expect(checkpointer().checkpointIfDue()).rejects.toThrow(UnverifiedRowsError);
      expect((await createCheckpointRepository(database.db).list()).map((checkpoint) => checkpoint.size)).toEqual([100]);
    }, 60_000);

    it('keeps stored checkpoints append-only', async () => {
      await append(100);
      await checkpointer().checkpointIfDue();

      const refusal = { cause: expect.objectContaining({ message: expect.stringMatching(/ledger_checkpoints is append-only/) }) };
      await expect(database.db.execute(sql`update ledger_checkpoints set note = 'forged'`)).rejects.toMatchObject(refusal);
      await expect(database.db.execute(sql`delete from ledger_checkpoints`)).rejects.toMatchObject(refusal);
    }, 60_000);
  });
}
