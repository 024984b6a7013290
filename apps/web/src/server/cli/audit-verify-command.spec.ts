import type { NewLedgerEvent } from '@viewas/impersonation-core';
import { chainRow, GENESIS_HASH } from '@viewas/impersonation-core/ledger';
import { createCheckpointer, generateNoteKey, parseSignerKey } from '@viewas/impersonation-core/checkpoints';
import { createCheckpointRepository, createPostgresStore } from '@viewas/impersonation-core/postgres';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/server/test-database';
import type { Database } from '../db/database';
import { auditVerifyCommand } from './audit-verify-command';

const KEY = generateNoteKey('ledger.viewas.test/audit');

const event = (index: number): NewLedgerEvent => ({
  at: new Date(Date.UTC(2030, 0, 1, 10, 0, index)),
  type: 'impersonation.denied',
  actor: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
  target: null,
  impersonationId: null,
  reason: `Ticket ${index}`,
  ip: '203.0.113.9',
  userAgent: 'jest',
  detail: { index },
});

/**
 * A database superuser's rewrite: row `rowId`'s reason changed, and every hash from there on and the
 * recorded head recomputed and written back with plain SQL, so the hash chain verifies again.
 */
async function rewriteChain(db: Database, rowId: number, reason: string) {
  const rows = await createPostgresStore(db).ledger.readPage({}, null, 100_000);
  let previous = GENESIS_HASH;
  const rewritten = rows.map((row) => {
    const next = chainRow(previous, row.id === rowId ? { ...row, reason } : row);
    previous = next.hash;
    return next;
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    for (const row of rewritten.filter((row) => row.id >= rowId))
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
  describe(`npm run audit:verify -- --key on ${kind}`, () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase(kind);
      const store = createPostgresStore(database.handle.db);
      for (let index = 1; index <= 210; index += 1) await store.ledger.append(event(index));
      await createCheckpointer({
        store: createCheckpointRepository(database.handle.db),
        signer: parseSignerKey(KEY.signerKey),
        clock: { now: () => new Date(Date.UTC(2030, 0, 1, 11)) },
      }).checkpointIfDue();
    }, 60_000);
    afterEach(() => database?.close());

    async function run(args: string[]) {
      const lines: string[] = [];
      const code = await auditVerifyCommand({
        ledger: createPostgresStore(database.handle.db).ledger,
        checkpointNotes: async () => (await createCheckpointRepository(database.handle.db).list()).map((checkpoint) => checkpoint.note),
        args,
        print: (line) => lines.push(line),
      });
      return { code, lines };
    }

    it('reports every stored checkpoint verified with only the verifier key, and exits 0', async () => {
      const { code, lines } = await run(['--key', KEY.verifierKey]);

      expect(code).toBe(0);
      expect(lines).toContain('Checkpoint 100 (row 100): verified');
      expect(lines).toContain('Checkpoint 200 (row 200): verified');
      // The rows left after 200 had waited long enough: a checkpoint of the head (210 rows and 2 announcements).
      expect(lines).toContain('Checkpoint 212 (row 212): verified');
      expect(lines).toContain(`Checkpoints: all 3 verified with ${KEY.verifierKey.split('+').slice(0, 2).join('+')}`);
    }, 60_000);

    it('finds a superuser rewrite of the chain against the checkpoint signed before it, says which still verify, and exits 1', async () => {
      await rewriteChain(database.handle.db, 150, 'Routine check');

      const { code, lines } = await run(['--key', KEY.verifierKey]);

      expect(code).toBe(1);
      // The rewritten chain verifies on its own: the head was recomputed too.
      expect(lines[0]).toMatch(/^Ledger intact: 213 rows verified/);
      expect(lines).toContain('Checkpoint 100 (row 100): verified');
      expect(lines).toContain(
        'Checkpoint 200 (row 200): MISMATCH: the row at this size no longer has the signed hash (the chain was rewritten)',
      );
      expect(lines).toContain('Checkpoints: 1 of 3 verified: the ledger does NOT match what was signed');
      expect(JSON.parse(lines.at(-1)!)).toEqual({
        checkpoints: {
          ok: false,
          verified: 1,
          checkpoints: [
            { size: 100, status: 'verified', rowId: 100 },
            { size: 200, status: 'mismatch', rowId: 200 },
            { size: 212, status: 'mismatch', rowId: 212 },
          ],
        },
      });
    }, 60_000);

    it('says a key that did not sign the checkpoints signed none of them', async () => {
      const { code, lines } = await run(['--key', generateNoteKey('ledger.viewas.test/audit').verifierKey]);

      expect(code).toBe(1);
      expect(lines.filter((line) => line === 'Checkpoint ?: NOT SIGNED by this key')).toHaveLength(3);
    }, 60_000);

    it('refuses a malformed key or a missing one with exit code 2, before reading anything', async () => {
      expect(await run(['--key', 'not-a-key'])).toEqual({ code: 2, lines: ['--key: malformed verifier key'] });
      expect((await run(['--key'])).code).toBe(2);
    });

    it('checks only the chain without --key, as before', async () => {
      const { code, lines } = await run([]);

      expect(code).toBe(0);
      expect(lines).toHaveLength(2);
    }, 60_000);
  });
}
