import { IllFormedTextError } from '@viewas/admin-api/server';
import fc from 'fast-check';
import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson } from '../src/lib/ledger/canonical-json';
import { hashedFields, ledgerHash } from '../src/lib/ledger/ledger-chain';
import { verifyLedger } from '../src/lib/ledger/verify-ledger';
import { InvalidCursorError } from '../src/lib/cursor';
import { AlreadyViewingError, DuplicateEmailError, PENDING_WINDOW_MS, type ImpersonationStore } from '../src/lib/store';
import type { NewNotification } from '../src/lib/notifications/notifier';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

/** A store under test, and what the suite must see of it beyond the port. */
export interface StoreUnderTest {
  store: ImpersonationStore;
  /** Which of these throttle keys the store still holds. */
  throttleKeys(keys: string[]): Promise<string[]>;
  /** The notifications the store holds for this user, oldest first, as written (`NewNotification`). */
  notificationsOf(userId: string): Promise<NewNotification[]>;
  close(): Promise<void>;
}

/**
 * The store contract: what the domain relies on from every store. The PostgreSQL store (on PGlite and
 * on PostgreSQL) and the in-memory store run this same suite, so they cannot drift apart.
 */
export function describeStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`store contract on ${name}`, () => {
    let database: StoreUnderTest;
    let emailCounter = 0;
    const uniqueEmail = (prefix: string) => `${prefix}-${(emailCounter += 1)}@example.com`;

    beforeAll(async () => {
      database = await open();
    }, 60_000);
    afterAll(() => database?.close());

    const storage = () => database.store;
    const person = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });

    async function adminAndTarget() {
      const admin = await storage().users.create({ email: uniqueEmail('admin'), role: 'admin' });
      const target = await storage().users.create({ email: uniqueEmail('target') });
      return { admin, target };
    }

    async function running(createdAt = T0, expiresInMs = 60 * MINUTE) {
      const { admin, target } = await adminAndTarget();
      const pending = await storage().impersonations.createPending({
        id: randomUUID(),
        mode: 'read_only',
        adminId: admin.id,
        targetId: target.id,
        reason: 'Support ticket 42',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + expiresInMs),
      });
      const started = await storage().impersonations.activate({ id: pending.id, adminId: admin.id, now: createdAt });
      if (!started) throw new Error('could not activate');
      return { admin, target, impersonation: started };
    }

    describe('users', () => {
      it('finds an account by e-mail whatever its case and refuses a second account differing only in case', async () => {
        const created = await storage().users.create({ email: 'Grace.Hopper@Example.com', name: 'Grace Hopper' });
        expect(await storage().users.findByEmail('grace.hopper@example.COM')).toMatchObject({
          id: created.id,
          role: 'user',
          status: 'active',
        });
        await expect(storage().users.create({ email: 'grace.hopper@example.com' })).rejects.toBeInstanceOf(DuplicateEmailError);
      });

      it('answers null, not an error, for an id that is not a uuid', async () => {
        expect(await storage().users.findById("1' or '1'='1")).toBeNull();
      });

      it('pages through a search by e-mail or name without gaps or repeats, ordered by e-mail', async () => {
        const names = ['Zed Quokka', 'Amy Quokka', 'Bob Quokka', 'Cat Quokka', 'Dan Quokka'];
        for (const name of names) await storage().users.create({ email: `${name.slice(0, 3).toLowerCase()}.q@example.com`, name });
        await storage().users.create({ email: 'quokka-fan@example.com', name: 'Someone Else' });

        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await storage().users.search({ query: 'QUOKKA', cursor, limit: 2 });
          expect(page.users.length).toBeLessThanOrEqual(2);
          seen.push(...page.users.map((user) => user.email));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);

        expect(seen).toEqual([
          'amy.q@example.com',
          'bob.q@example.com',
          'cat.q@example.com',
          'dan.q@example.com',
          'quokka-fan@example.com',
          'zed.q@example.com',
        ]);
      });

      it('treats LIKE wildcards in the search text literally', async () => {
        await storage().users.create({ email: 'under_score@example.com' });
        await storage().users.create({ email: 'underXscore@example.com' });
        const page = await storage().users.search({ query: 'under_s', limit: 10 });
        expect(page.users.map((user) => user.email)).toEqual(['under_score@example.com']);
      });

      it('refuses a cursor it did not issue', async () => {
        await expect(storage().users.search({ cursor: 'not-a-cursor', limit: 5 })).rejects.toBeInstanceOf(InvalidCursorError);
        const forged = Buffer.from(JSON.stringify(['a@example.com', "x'::uuid"])).toString('base64url');
        await expect(storage().users.search({ cursor: forged, limit: 5 })).rejects.toBeInstanceOf(InvalidCursorError);
      });

      it('records the last sign-in and changes role and status', async () => {
        const user = await storage().users.create({ email: uniqueEmail('user') });
        await storage().users.recordSignIn(user.id, T0);
        await storage().users.setRole(user.id, 'admin');
        await storage().users.setStatus(user.id, 'disabled');
        expect(await storage().users.findById(user.id)).toMatchObject({ lastSignInAt: T0, role: 'admin', status: 'disabled' });
      });
    });

    describe('impersonations', () => {
      it('lets only the admin who started it take a pending impersonation over, once', async () => {
        const { admin, target } = await adminAndTarget();
        const other = await storage().users.create({ email: uniqueEmail('other-admin'), role: 'admin' });
        const pending = await storage().impersonations.createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: admin.id,
          targetId: target.id,
          reason: 'Ticket',
          createdAt: T0,
          expiresAt: at(60 * MINUTE),
        });

        expect(await storage().impersonations.activate({ id: pending.id, adminId: other.id, now: at(1000) })).toBeNull();
        expect(await storage().impersonations.activate({ id: pending.id, adminId: admin.id, now: at(1000) })).toMatchObject({
          startedAt: at(1000),
        });
        expect(await storage().impersonations.activate({ id: pending.id, adminId: admin.id, now: at(2000) })).toBeNull();
      });

      it('lets a pending impersonation lapse at the end of the pending window', async () => {
        const { admin, target } = await adminAndTarget();
        const create = () =>
          storage().impersonations.createPending({
            id: randomUUID(),
            mode: 'read_only',
            adminId: admin.id,
            targetId: target.id,
            reason: 'Ticket',
            createdAt: T0,
            expiresAt: at(60 * MINUTE),
          });
        const justInTime = await create();
        const tooLate = await create();
        expect(
          await storage().impersonations.activate({ id: justInTime.id, adminId: admin.id, now: at(PENDING_WINDOW_MS - 1) }),
        ).not.toBeNull();
        expect(await storage().impersonations.activate({ id: tooLate.id, adminId: admin.id, now: at(PENDING_WINDOW_MS) })).toBeNull();
      });

      it('keeps one running impersonation per admin and user: a second take-over waits until the first ends', async () => {
        const { admin, target, impersonation } = await running();
        const second = await storage().impersonations.createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: admin.id,
          targetId: target.id,
          reason: 'Second tab',
          createdAt: at(1000),
          expiresAt: at(60 * MINUTE),
        });
        const otherAdmin = await storage().users.create({ email: uniqueEmail('other-admin'), role: 'admin' });
        const byOtherAdmin = await storage().impersonations.createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: otherAdmin.id,
          targetId: target.id,
          reason: 'Colleague',
          createdAt: at(1000),
          expiresAt: at(60 * MINUTE),
        });

        expect(await storage().impersonations.findRunning({ adminId: admin.id, targetId: target.id, now: at(2000) })).toMatchObject({
          id: impersonation.id,
        });
        await expect(storage().impersonations.activate({ id: second.id, adminId: admin.id, now: at(2000) })).rejects.toBeInstanceOf(
          AlreadyViewingError,
        );
        expect(await storage().impersonations.activate({ id: byOtherAdmin.id, adminId: otherAdmin.id, now: at(2000) })).toMatchObject({
          startedAt: at(2000),
        });

        await storage().impersonations.endByReturn({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(3000) });
        expect(await storage().impersonations.findRunning({ adminId: admin.id, targetId: target.id, now: at(3000) })).toBeNull();
        expect(await storage().impersonations.activate({ id: second.id, adminId: admin.id, now: at(4000) })).toMatchObject({
          startedAt: at(4000),
        });
      });

      it('ends a running impersonation by return only for its own admin and target, and only once', async () => {
        const { admin, target, impersonation } = await running();
        const stranger = await storage().users.create({ email: uniqueEmail('stranger'), role: 'admin' });
        const end = (adminId: string, targetId: string) =>
          storage().impersonations.endByReturn({ id: impersonation.id, adminId, targetId, now: at(MINUTE) });

        expect(await end(stranger.id, target.id)).toBeNull();
        expect(await end(admin.id, stranger.id)).toBeNull();
        expect(await end(admin.id, target.id)).toMatchObject({ endReason: 'returned', endedById: admin.id, endedAt: at(MINUTE) });
        expect(await end(admin.id, target.id)).toBeNull();
      });

      it('gives exactly one of ten concurrent returns the impersonation', async () => {
        const { admin, target, impersonation } = await running();
        const results = await Promise.all(
          Array.from({ length: 10 }, () =>
            storage().impersonations.endByReturn({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(MINUTE) }),
          ),
        );
        expect(results.filter((row) => row !== null)).toHaveLength(1);
      });

      it('refuses to return from an impersonation at or after its hard expiry', async () => {
        const { admin, target, impersonation } = await running(T0, 10 * MINUTE);
        expect(await storage().impersonations.isRunning(impersonation.id, at(10 * MINUTE - 1))).toBe(true);
        expect(await storage().impersonations.isRunning(impersonation.id, at(10 * MINUTE))).toBe(false);
        expect(
          await storage().impersonations.endByReturn({
            id: impersonation.id,
            adminId: admin.id,
            targetId: target.id,
            now: at(10 * MINUTE),
          }),
        ).toBeNull();
      });

      it('lets any admin end an open impersonation, once', async () => {
        const { impersonation } = await running();
        const other = await storage().users.create({ email: uniqueEmail('other-admin'), role: 'admin' });
        expect(await storage().impersonations.endByAdmin({ id: impersonation.id, endedById: other.id, now: at(MINUTE) })).toMatchObject({
          endReason: 'ended_by_admin',
          endedById: other.id,
        });
        expect(await storage().impersonations.endByAdmin({ id: impersonation.id, endedById: other.id, now: at(MINUTE) })).toBeNull();
        expect(await storage().impersonations.isRunning(impersonation.id, at(MINUTE))).toBe(false);
      });

      it('ends every open impersonation of one target at once, and only those, reporting each once', async () => {
        const { target, impersonation } = await running();
        const secondAdmin = await storage().users.create({ email: uniqueEmail('second-admin'), role: 'admin' });
        const pending = await storage().impersonations.createPending({
          id: randomUUID(),
          adminId: secondAdmin.id,
          targetId: target.id,
          reason: 'Ticket',
          mode: 'read_only',
          createdAt: at(MINUTE),
          expiresAt: at(60 * MINUTE),
        });
        const elsewhere = await running();
        const input = { targetId: target.id, endReason: 'consent_withdrawn' as const, endedById: target.id, now: at(2 * MINUTE) };

        const ended = await storage().impersonations.endAllOfTarget(input);
        expect(ended.map((row) => row.id).sort()).toEqual([impersonation.id, pending.id].sort());
        expect(ended).toEqual(ended.map(() => expect.objectContaining({ endReason: 'consent_withdrawn', endedById: target.id })));
        expect(await storage().impersonations.endAllOfTarget(input)).toEqual([]);
        expect(await storage().impersonations.isRunning(elsewhere.impersonation.id, at(2 * MINUTE))).toBe(true);
      });

      it('expires overdue impersonations exactly once, dating each at its own deadline, and says beforehand whether any are due', async () => {
        const sweepAt = new Date('2031-06-01T00:00:00.000Z');
        const overdue = await running(new Date(sweepAt.getTime() - 2 * 60 * MINUTE), 60 * MINUTE);
        const fresh = await running(new Date(sweepAt.getTime() - MINUTE), 60 * MINUTE);
        const { admin, target } = await adminAndTarget();
        const lapsedCreatedAt = new Date(sweepAt.getTime() - 5 * MINUTE);
        const lapsed = await storage().impersonations.createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: admin.id,
          targetId: target.id,
          reason: 'Ticket',
          createdAt: lapsedCreatedAt,
          expiresAt: new Date(sweepAt.getTime() + 60 * MINUTE),
        });

        expect(await storage().impersonations.anyDue(sweepAt)).toBe(true);
        const first = await storage().impersonations.expireDue(sweepAt);
        const second = await storage().impersonations.expireDue(sweepAt);
        expect(await storage().impersonations.anyDue(sweepAt)).toBe(false);

        const byId = new Map(first.map((row) => [row.id, row]));
        expect(byId.get(overdue.impersonation.id)).toMatchObject({ endReason: 'expired', endedAt: overdue.impersonation.expiresAt });
        expect(byId.get(lapsed.id)).toMatchObject({
          endReason: 'expired',
          endedAt: new Date(lapsedCreatedAt.getTime() + PENDING_WINDOW_MS),
        });
        expect(byId.has(fresh.impersonation.id)).toBe(false);
        expect(second).toEqual([]);
      });

      it('lists open impersonations with the people involved, newest first', async () => {
        const older = await running(at(-2 * MINUTE));
        const newer = await running(at(-MINUTE));
        const open = await storage().impersonations.list({ open: true, limit: 500 });
        const ids = open.map((row) => row.id);
        expect(ids.indexOf(newer.impersonation.id)).toBeLessThan(ids.indexOf(older.impersonation.id));
        expect(open.find((row) => row.id === newer.impersonation.id)).toMatchObject({
          admin: person(newer.admin),
          target: person(newer.target),
          endedBy: null,
        });
        expect(open.every((row) => row.endedAt === null)).toBe(true);
      });

      it("pages through one user's started impersonations, newest first", async () => {
        const { admin, target } = await adminAndTarget();
        const started: string[] = [];
        for (let index = 0; index < 3; index += 1) {
          const row = await storage().impersonations.createPending({
            id: randomUUID(),
            mode: 'read_only',
            adminId: admin.id,
            targetId: target.id,
            reason: `Ticket ${index}`,
            createdAt: at(index * MINUTE),
            expiresAt: at(index * MINUTE + 60 * MINUTE),
          });
          await storage().impersonations.activate({ id: row.id, adminId: admin.id, now: at(index * MINUTE + 1000) });
          await storage().impersonations.endByReturn({
            id: row.id,
            adminId: admin.id,
            targetId: target.id,
            now: at(index * MINUTE + 30_000),
          });
          started.unshift(row.id);
        }
        await storage().impersonations.createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: admin.id,
          targetId: target.id,
          reason: 'never started',
          createdAt: at(10 * MINUTE),
          expiresAt: at(70 * MINUTE),
        });

        const first = await storage().impersonations.listStartedForTarget({ targetId: target.id, limit: 2 });
        const second = await storage().impersonations.listStartedForTarget({
          targetId: target.id,
          limit: 2,
          cursor: first.nextCursor ?? undefined,
        });
        expect([...first.impersonations, ...second.impersonations].map((row) => row.id)).toEqual(started);
        expect(first.impersonations[0]).toMatchObject({ admin: person(admin), reason: 'Ticket 2' });
        expect(second.nextCursor).toBeNull();
      });
    });

    describe('the cycle: one read per step, each change with its ledger row in one atomic step', () => {
      type Recorded = 'impersonation.started' | 'impersonation.activated' | 'impersonation.returned';
      const recorded = (type: Recorded, actor: { id: string; email: string }, impersonation: { id: string; reason: string }) => ({
        at: T0,
        type,
        actor: person(actor),
        target: null,
        impersonationId: impersonation.id,
        reason: impersonation.reason,
        ip: '203.0.113.7',
        userAgent: 'jest',
        detail: { step: type },
      });
      const rowsOf = async (impersonationId: string) =>
        (await storage().ledger.forImpersonation(impersonationId)).map(({ type, actorId, reason, detail }) => ({
          type,
          actorId,
          reason,
          detail,
        }));
      const pendingValues = (adminId: string, targetId: string, createdAt = T0) => ({
        id: randomUUID(),
        mode: 'read_only' as const,
        adminId,
        targetId,
        reason: 'Ticket 7',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 60 * MINUTE),
      });

      it('reads two accounts at once in the order asked: null for an unknown id or one that is not an id, one account asked twice', async () => {
        const { admin, target } = await adminAndTarget();
        expect(await storage().users.findPair(target.id, admin.id)).toEqual([target, admin]);
        expect(await storage().users.findPair(admin.id.toUpperCase(), admin.id)).toEqual([admin, admin]);
        expect(await storage().users.findPair(randomUUID(), "1' or '1'='1")).toEqual([null, null]);
        expect(await storage().users.findPair("1' or '1'='1", target.id)).toEqual([null, target]);
      });

      it('writes a pending impersonation and its ledger row together, chained like any other row', async () => {
        const { admin, target } = await adminAndTarget();
        const values = pendingValues(admin.id, target.id);
        const row = await storage().impersonations.createPending(values, recorded('impersonation.started', admin, values));
        expect(row).toEqual({ ...values, startedAt: null, endedAt: null, endReason: null, endedById: null });
        expect(await rowsOf(row.id)).toEqual([
          { type: 'impersonation.started', actorId: admin.id, reason: 'Ticket 7', detail: { step: 'impersonation.started' } },
        ]);
        expect(await verifyLedger(storage().ledger, 3)).toMatchObject({ ok: true });
      });

      it("writes an activation's ledger row only when it activates: another admin, a second view of the pair or a replay leaves none", async () => {
        const { admin, target, impersonation } = await running();
        const otherAdmin = await storage().users.create({ email: uniqueEmail('other-admin'), role: 'admin' });
        const second = await storage().impersonations.createPending(pendingValues(admin.id, target.id, at(1000)));
        const activate = (adminId: string, now: Date) =>
          storage().impersonations.activate({ id: second.id, adminId, now }, recorded('impersonation.activated', admin, second));

        expect(await activate(otherAdmin.id, at(2000))).toBeNull();
        await expect(activate(admin.id, at(2000))).rejects.toBeInstanceOf(AlreadyViewingError);
        expect(await rowsOf(second.id)).toEqual([]);

        await storage().impersonations.endByReturn({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(3000) });
        expect(await activate(admin.id, at(4000))).toMatchObject({ id: second.id, startedAt: at(4000) });
        expect(await activate(admin.id, at(5000))).toBeNull();
        expect((await rowsOf(second.id)).map((row) => row.type)).toEqual(['impersonation.activated']);
        expect(await verifyLedger(storage().ledger, 3)).toMatchObject({ ok: true });
      });

      it('writes one return row for ten concurrent returns, and none for a return by someone else or after the end', async () => {
        const { admin, target, impersonation } = await running();
        const end = (adminId: string, targetId: string) =>
          storage().impersonations.endByReturn(
            { id: impersonation.id, adminId, targetId, now: at(MINUTE) },
            recorded('impersonation.returned', admin, impersonation),
          );
        expect(await end(admin.id, admin.id)).toBeNull();
        const results = await Promise.all(Array.from({ length: 10 }, () => end(admin.id, target.id)));
        expect(results.filter((row) => row !== null)).toEqual([
          expect.objectContaining({ id: impersonation.id, endReason: 'returned', endedById: admin.id, endedAt: at(MINUTE) }),
        ]);
        expect(await end(admin.id, target.id)).toBeNull();
        expect((await rowsOf(impersonation.id)).map((row) => row.type)).toEqual(['impersonation.returned']);
        expect(await verifyLedger(storage().ledger, 3)).toMatchObject({ ok: true });
      });

      describe("a return's notice to the viewed user, written by the end's own step", () => {
        const noticeOf = (target: { id: string }, admin: { id: string; email: string }): NewNotification => ({
          id: randomUUID(),
          userId: target.id,
          content: {
            kind: 'view_ended' as const,
            data: {
              admin: person(admin),
              reason: 'Support ticket 42',
              mode: 'read_only' as const,
              startedAt: T0.toISOString(),
              endedAt: at(MINUTE).toISOString(),
              endReason: 'returned',
            },
          },
          createdAt: at(MINUTE),
        });

        it('writes the notice with the end and its ledger row, exactly as given', async () => {
          const { admin, target, impersonation } = await running();
          const notice = noticeOf(target, admin);
          const ended = await storage().impersonations.endByReturn(
            { id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(MINUTE) },
            recorded('impersonation.returned', admin, impersonation),
            notice,
          );
          expect(ended).toMatchObject({ id: impersonation.id, endReason: 'returned', endedAt: at(MINUTE) });
          expect(await database.notificationsOf(target.id)).toEqual([notice]);
          expect((await rowsOf(impersonation.id)).map((row) => row.type)).toEqual(['impersonation.returned']);
          expect(await verifyLedger(storage().ledger, 3)).toMatchObject({ ok: true });
        });

        it('writes one notice for ten concurrent returns, and none for a return that matches nothing', async () => {
          const { admin, target, impersonation } = await running();
          const end = (adminId: string, targetId: string) => {
            const notice = noticeOf(target, admin);
            return storage()
              .impersonations.endByReturn(
                { id: impersonation.id, adminId, targetId, now: at(MINUTE) },
                recorded('impersonation.returned', admin, impersonation),
                notice,
              )
              .then((row) => ({ row, notice }));
          };
          expect((await end(admin.id, admin.id)).row).toBeNull();
          expect(await database.notificationsOf(target.id)).toEqual([]);

          const results = await Promise.all(Array.from({ length: 10 }, () => end(admin.id, target.id)));
          const winners = results.filter(({ row }) => row !== null);
          expect(winners).toHaveLength(1);
          expect(await database.notificationsOf(target.id)).toEqual([winners[0]?.notice]);
          expect((await end(admin.id, target.id)).row).toBeNull();
          expect(await database.notificationsOf(target.id)).toHaveLength(1);
          expect((await rowsOf(impersonation.id)).map((row) => row.type)).toEqual(['impersonation.returned']);
        });

        it('refuses a notice without its ledger row and leaves the impersonation running', async () => {
          const { admin, target, impersonation } = await running();
          await expect(
            storage().impersonations.endByReturn(
              { id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(MINUTE) },
              undefined,
              noticeOf(target, admin),
            ),
          ).rejects.toBeInstanceOf(TypeError);
          expect(await storage().impersonations.isRunning(impersonation.id, at(MINUTE))).toBe(true);
          expect(await database.notificationsOf(target.id)).toEqual([]);
        });

        it('keeps neither the end, its ledger row nor its notice of a transaction that fails', async () => {
          const { admin, target, impersonation } = await running();
          await expect(
            storage().transaction(async (tx) => {
              await tx.impersonations.endByReturn(
                { id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(MINUTE) },
                recorded('impersonation.returned', admin, impersonation),
                noticeOf(target, admin),
              );
              throw new Error('rolled back');
            }),
          ).rejects.toThrow('rolled back');
          expect(await storage().impersonations.isRunning(impersonation.id, at(MINUTE))).toBe(true);
          expect(await database.notificationsOf(target.id)).toEqual([]);
          expect(await rowsOf(impersonation.id)).toEqual([]);
        });
      });

      it('keeps neither the change nor its ledger row of a transaction that fails', async () => {
        const { admin, target } = await adminAndTarget();
        const values = pendingValues(admin.id, target.id);
        await expect(
          storage().transaction(async (tx) => {
            await tx.impersonations.createPending(values, recorded('impersonation.started', admin, values));
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await storage().impersonations.findById(values.id)).toBeNull();
        expect(await rowsOf(values.id)).toEqual([]);
      });

      it('runs a whole cycle inside transactions too, one after the other, each step with its ledger row', async () => {
        const { admin, target } = await adminAndTarget();
        for (let round = 0; round < 2; round += 1) {
          const values = pendingValues(admin.id, target.id, at(round * 10 * MINUTE));
          const now = (ms: number) => new Date(values.createdAt.getTime() + ms);
          const ended = await storage().transaction(async (tx) => {
            await tx.impersonations.createPending(values, recorded('impersonation.started', admin, values));
            // Other tests leave due rows behind: only that it answers, inside the transaction.
            expect(typeof (await tx.impersonations.anyDue(now(1000)))).toBe('boolean');
            expect((await tx.impersonations.readForTakeOver({ id: values.id, adminId: admin.id, now: now(1000) })).alreadyViewing).toBe(
              false,
            );
            await tx.impersonations.activate(
              { id: values.id, adminId: admin.id, now: now(1000) },
              recorded('impersonation.activated', admin, values),
            );
            expect(await tx.impersonations.findRunning({ adminId: admin.id, targetId: target.id, now: now(2000) })).toMatchObject({
              id: values.id,
            });
            expect((await tx.impersonations.listRunning(now(2000))).map((view) => view.id)).toContain(values.id);
            expect((await tx.impersonations.readForReturn({ id: values.id, adminId: admin.id, now: now(2000) })).running).toBe(true);
            return tx.impersonations.endByReturn(
              { id: values.id, adminId: admin.id, targetId: target.id, now: now(3000) },
              recorded('impersonation.returned', admin, values),
            );
          });
          expect(ended).toMatchObject({ id: values.id, endReason: 'returned' });
          expect((await rowsOf(values.id)).map((row) => row.type)).toEqual([
            'impersonation.started',
            'impersonation.activated',
            'impersonation.returned',
          ]);
        }
        expect(await verifyLedger(storage().ledger, 3)).toMatchObject({ ok: true });
      });

      it('reads what a take-over is decided on at once: the admin, the impersonation and its target, and a running view of the pair', async () => {
        const { admin, target, impersonation } = await running();
        const second = await storage().impersonations.createPending(pendingValues(admin.id, target.id, at(1000)));
        const otherAdmin = await storage().users.create({ email: uniqueEmail('other-admin'), role: 'admin' });
        const read = (id: string, adminId: string, now = at(2000)) => storage().impersonations.readForTakeOver({ id, adminId, now });
        // Other tests leave due rows behind: the same answer `anyDue` gives (see the sweep's own test below).
        const anyDue = await storage().impersonations.anyDue(at(2000));

        expect(await read(second.id, admin.id)).toEqual({ admin, impersonation: second, target, alreadyViewing: true, anyDue });
        // The running view has expired by then: no longer in the way.
        expect((await read(second.id, admin.id, at(60 * MINUTE))).alreadyViewing).toBe(false);
        expect(await read(second.id, otherAdmin.id)).toEqual({
          admin: otherAdmin,
          impersonation: second,
          target,
          alreadyViewing: false,
          anyDue,
        });
        expect(await read(randomUUID(), admin.id)).toEqual({ admin, impersonation: null, target: null, alreadyViewing: false, anyDue });
        expect(await read('not-an-id', 'not-an-id')).toEqual({
          admin: null,
          impersonation: null,
          target: null,
          alreadyViewing: false,
          anyDue,
        });
        await storage().impersonations.endByReturn({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(3000) });
        expect((await read(second.id, admin.id, at(4000))).alreadyViewing).toBe(false);
      });

      it('reads what a start is decided on at once: caller and target, the step-up entry of this session, a running view of the pair', async () => {
        const { admin, target, impersonation } = await running(T0, 10 * MINUTE);
        const otherTarget = await storage().users.create({ email: uniqueEmail('other-target') });
        await storage().passwordEntries.record({ userId: admin.id, sessionAuthTime: 100, at: at(1) });
        const session = { id: admin.id, sessionAuthTime: 100 };
        const read = (targetId: string, now = at(2000), caller: { id: string; sessionAuthTime: number } | null = session) =>
          storage().impersonations.readForStart({ caller, targetId, now });
        // Other tests leave due rows behind: the same answer `anyDue` gives (see the sweep's own test below).
        const anyDue = await storage().impersonations.anyDue(at(2000));

        expect(await read(target.id)).toEqual({ caller: admin, target, passwordEnteredAt: at(1), alreadyViewing: true, anyDue });
        expect(await read(target.id.toUpperCase(), at(2000), { id: admin.id.toUpperCase(), sessionAuthTime: 100 })).toEqual(
          await read(target.id),
        );
        // An entry made in another session of the same person is not this session's.
        expect((await read(target.id, at(2000), { id: admin.id, sessionAuthTime: 200 })).passwordEnteredAt).toBeNull();
        // The running view has expired by then: no longer in the way.
        expect((await read(target.id, at(10 * MINUTE))).alreadyViewing).toBe(false);
        expect(await read(otherTarget.id)).toMatchObject({ caller: admin, target: otherTarget, alreadyViewing: false });
        expect(await read(admin.id)).toMatchObject({ caller: admin, target: admin, passwordEnteredAt: at(1), alreadyViewing: false });
        expect(await read(randomUUID())).toMatchObject({ caller: admin, target: null, passwordEnteredAt: at(1), alreadyViewing: false });
        // No caller asked for (a session that cannot start a view), or ids that are not ids.
        expect(await read(target.id, at(2000), null)).toEqual({
          caller: null,
          target,
          passwordEnteredAt: null,
          alreadyViewing: false,
          anyDue,
        });
        expect(await read("1' or '1'='1", at(2000), { id: 'not-an-id', sessionAuthTime: 100 })).toEqual({
          caller: null,
          target: null,
          passwordEnteredAt: null,
          alreadyViewing: false,
          anyDue,
        });
        await storage().impersonations.endByReturn({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(3000) });
        expect((await read(target.id, at(4000))).alreadyViewing).toBe(false);
      });

      it('says in the read of a start and of a take-over whether the sweep has anything to close, as anyDue does at that instant', async () => {
        const dueAt = new Date('2045-01-01T00:00:00.000Z');
        const { admin, target, impersonation } = await running(new Date(dueAt.getTime() - 10 * MINUTE), 10 * MINUTE);
        // Whatever other tests left due before then is closed first.
        await storage().impersonations.expireDue(new Date(dueAt.getTime() - 1));
        const answers = async (now: Date) => [
          await storage().impersonations.anyDue(now),
          (await storage().impersonations.readForStart({ caller: { id: admin.id, sessionAuthTime: 1 }, targetId: target.id, now })).anyDue,
          (await storage().impersonations.readForStart({ caller: null, targetId: 'not-an-id', now })).anyDue,
          (await storage().impersonations.readForTakeOver({ id: impersonation.id, adminId: admin.id, now })).anyDue,
          (await storage().impersonations.readForTakeOver({ id: 'not-an-id', adminId: 'not-an-id', now })).anyDue,
        ];

        // A running view is due at its hard expiry.
        expect(await answers(new Date(dueAt.getTime() - 1))).toEqual([false, false, false, false, false]);
        expect(await answers(dueAt)).toEqual([true, true, true, true, true]);
        await storage().impersonations.expireDue(dueAt);
        expect(await answers(dueAt)).toEqual([false, false, false, false, false]);

        // A pending one never taken over is due at the end of its pending window.
        const createdAt = new Date(dueAt.getTime() + MINUTE);
        await storage().impersonations.createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: admin.id,
          targetId: target.id,
          reason: 'Ticket',
          createdAt,
          expiresAt: new Date(createdAt.getTime() + 60 * MINUTE),
        });
        const windowEnds = new Date(createdAt.getTime() + PENDING_WINDOW_MS);
        expect(await answers(new Date(windowEnds.getTime() - 1))).toEqual([false, false, false, false, false]);
        expect(await answers(windowEnds)).toEqual([true, true, true, true, true]);
        await storage().impersonations.expireDue(windowEnds);
        expect(await answers(windowEnds)).toEqual([false, false, false, false, false]);
      });

      it('reads what a return is decided on at once: the admin, the impersonation, and whether it runs until its hard expiry', async () => {
        const { admin, target, impersonation } = await running(T0, 10 * MINUTE);
        const read = (now: Date, id = impersonation.id, adminId = admin.id) => storage().impersonations.readForReturn({ id, adminId, now });

        expect(await read(at(10 * MINUTE - 1))).toEqual({ admin, impersonation, running: true });
        expect((await read(at(10 * MINUTE))).running).toBe(false);
        expect(await read(at(MINUTE), randomUUID())).toEqual({ admin, impersonation: null, running: false });
        expect(await read(at(MINUTE), 'not-an-id', 'not-an-id')).toEqual({ admin: null, impersonation: null, running: false });
        await storage().impersonations.endByReturn({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(MINUTE) });
        expect(await read(at(2 * MINUTE))).toMatchObject({ running: false, impersonation: { endReason: 'returned' } });
      });
    });

    describe('ledger', () => {
      const event = (
        type: 'impersonation.started' | 'impersonation.denied',
        actor: { id: string; email: string } | null,
        target: { id: string; email: string } | null,
      ) => ({
        at: T0,
        type,
        actor,
        target,
        impersonationId: null,
        reason: 'Ticket',
        ip: '203.0.113.9',
        userAgent: 'jest',
        detail: { attempt: 'start' },
      });

      it('keeps every field and pages newest first, filtered by actor or target', async () => {
        const { admin, target } = await adminAndTarget();
        const appended = [];
        for (let index = 0; index < 3; index += 1)
          appended.push(await storage().ledger.append(event('impersonation.started', person(admin), person(target))));
        await storage().ledger.append(event('impersonation.denied', null, person(target)));

        const first = await storage().ledger.list({ actorId: admin.id, limit: 2 });
        const second = await storage().ledger.list({ actorId: admin.id, limit: 2, cursor: first.nextCursor ?? undefined });
        expect([...first.events, ...second.events].map((row) => row.id)).toEqual(appended.map((row) => row.id).reverse());
        expect(second.nextCursor).toBeNull();
        expect(first.events[0]).toMatchObject({
          type: 'impersonation.started',
          actorEmail: admin.email,
          targetEmail: target.email,
          reason: 'Ticket',
          ip: '203.0.113.9',
          userAgent: 'jest',
          detail: { attempt: 'start' },
        });
        expect((await storage().ledger.list({ targetId: target.id, limit: 10 })).events).toHaveLength(4);
        expect((await storage().ledger.list({ targetId: 'not-an-id', limit: 10 })).events).toEqual([]);
      });

      it('chains every row to the one before: hash = SHA-256(prevHash + canonical JSON), head recorded', async () => {
        const { admin, target } = await adminAndTarget();
        const first = await storage().ledger.append({
          ...event('impersonation.started', person(admin), person(target)),
          detail: { b: 1, a: [true, null, 'x'] },
        });
        const second = await storage().ledger.append(event('impersonation.denied', null, person(target)));
        expect(second.id).toBeGreaterThan(first.id);
        expect(second.prevHash).toBe(first.hash);
        const stored = await storage().ledger.readPage({}, first.id - 1, 2);
        expect(stored.map((row) => row.id)).toEqual([first.id, second.id]);
        for (const row of stored) expect(row.hash).toBe(ledgerHash(row.prevHash, row));
        expect(stored[0]?.hash).toBe(
          createHash('sha256')
            .update(first.prevHash + canonicalJson({ ...hashedFields(first), detail: { a: [true, null, 'x'], b: 1 } }))
            .digest('hex'),
        );
        expect(await storage().ledger.recordedHead()).toEqual({ lastId: second.id, hash: second.hash });
        expect(await verifyLedger(storage().ledger, 3)).toMatchObject({ ok: true, head: second.hash });
      });

      it('reads pages oldest first, filtered by actor, target and time (from inclusive, to exclusive)', async () => {
        const { admin, target } = await adminAndTarget();
        const rows = [];
        for (let minute = 0; minute < 4; minute += 1)
          rows.push(
            await storage().ledger.append({ ...event('impersonation.started', person(admin), person(target)), at: at(minute * MINUTE) }),
          );
        const ids = rows.map((row) => row.id);
        expect((await storage().ledger.readPage({ actorId: admin.id }, null, 10)).map((row) => row.id)).toEqual(ids);
        expect((await storage().ledger.readPage({ actorId: admin.id }, ids[1]!, 10)).map((row) => row.id)).toEqual(ids.slice(2));
        expect((await storage().ledger.readPage({ targetId: target.id }, null, 2)).map((row) => row.id)).toEqual(ids.slice(0, 2));
        expect(
          (await storage().ledger.readPage({ targetId: target.id, from: at(MINUTE), to: at(3 * MINUTE) }, null, 10)).map((row) => row.id),
        ).toEqual(ids.slice(1, 3));
        expect(await storage().ledger.readPage({ actorId: 'not-an-id' }, null, 10)).toEqual([]);
      });
    });

    describe('ledger text (a property, for generated text)', () => {
      // Characters that have broken hashes elsewhere: direction marks and overrides, combining marks, astral
      // characters (surrogate pairs in UTF-16), JSON's escaped characters, U+FFFD, a line separator, U+2060.
      const tricky = fc.constantFrom(
        ...['\u200F', '\u200E', '\u202E', '\u202C', '\u2067', '\u0301', '\u0308', '😀', '𝔘', '\u2060', '"', '\\', '\n', '\u0001', '\u007F'],
        ...['\uFFFD', '\u2028', 'é', '€'],
      );
      // Any code point but NUL and U+FEFF (PGlite reads a value that starts with one without it); fast-check's
      // `binary` unit never gives half a surrogate pair.
      const codePoint = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((text) => text !== '\u0000' && text !== '\uFEFF');
      const wellFormed = fc.string({ unit: fc.oneof(tricky, codePoint), maxLength: 30 });
      const detail = fc.dictionary(
        wellFormed,
        fc.oneof(wellFormed, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
        { maxKeys: 4, noNullPrototype: true },
      );
      // A lone surrogate, NUL or U+FEFF somewhere in otherwise well-formed text: the halves around it are well-formed,
      // so no pair can form across the join.
      const illFormed = fc
        .tuple(wellFormed, fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u0000', '\uFEFF'), wellFormed)
        .map(([before, bad, after]) => before + bad + after);
      const textEvent = (fields: { reason?: string; userAgent?: string; actorEmail?: string; detail?: Record<string, unknown> }) => ({
        at: T0,
        type: 'impersonation.denied' as const,
        actor: { id: randomUUID(), email: fields.actorEmail ?? 'admin@example.com' },
        target: null,
        impersonationId: null,
        reason: fields.reason ?? 'Ticket',
        ip: '203.0.113.9',
        userAgent: fields.userAgent ?? 'jest',
        detail: fields.detail ?? {},
      });

      it('keeps every row it takes re-hashing to its stored hash: RTL marks, astral characters, combining marks', async () => {
        await fc.assert(
          fc.asyncProperty(wellFormed, wellFormed, wellFormed, detail, async (reason, userAgent, local, details) => {
            const row = await storage().ledger.append(
              textEvent({ reason, userAgent, actorEmail: `${local}@example.com`, detail: details }),
            );
            const [stored] = await storage().ledger.readPage({}, row.id - 1, 1);
            expect(stored).toMatchObject({ id: row.id, reason, userAgent, prevHash: row.prevHash, hash: row.hash });
            expect(stored && ledgerHash(stored.prevHash, stored)).toBe(row.hash);
          }),
          { numRuns: 40 },
        );
        expect(await verifyLedger(storage().ledger)).toMatchObject({ ok: true });
      }, 120_000);

      it('refuses a lone surrogate, NUL or U+FEFF in any text of a row with IllFormedTextError, and writes nothing', async () => {
        const field = fc.constantFrom('reason', 'userAgent', 'actorEmail', 'detail value', 'detail key');
        await fc.assert(
          fc.asyncProperty(illFormed, field, async (text, where) => {
            const before = await storage().ledger.recordedHead();
            const fields =
              where === 'detail value'
                ? { detail: { note: text } }
                : where === 'detail key'
                  ? { detail: { [text]: 1 } }
                  : { [where]: text };
            await expect(storage().ledger.append(textEvent(fields))).rejects.toBeInstanceOf(IllFormedTextError);
            expect(await storage().ledger.recordedHead()).toEqual(before);
          }),
          { numRuns: 30 },
        );
        expect(await verifyLedger(storage().ledger)).toMatchObject({ ok: true });
      }, 120_000);
    });

    describe('password entries (step-up)', () => {
      it('keeps the latest entry per person, for the session it was made in', async () => {
        const admin = await storage().users.create({ email: uniqueEmail('stepup'), role: 'support' });
        expect(await storage().passwordEntries.last({ userId: admin.id, sessionAuthTime: 100 })).toBeNull();
        await storage().passwordEntries.record({ userId: admin.id, sessionAuthTime: 100, at: at(1) });
        expect(await storage().passwordEntries.last({ userId: admin.id, sessionAuthTime: 100 })).toEqual(at(1));
        await storage().passwordEntries.record({ userId: admin.id, sessionAuthTime: 200, at: at(2) });
        expect(await storage().passwordEntries.last({ userId: admin.id, sessionAuthTime: 100 })).toBeNull();
        expect(await storage().passwordEntries.last({ userId: admin.id, sessionAuthTime: 200 })).toEqual(at(2));
        expect(await storage().passwordEntries.last({ userId: 'not-an-id', sessionAuthTime: 200 })).toBeNull();
      });

      it('lists running views with both accounts and the mode, and ends one by the policy exactly once', async () => {
        const agent = await storage().users.create({ email: uniqueEmail('agent'), role: 'support' });
        const target = await storage().users.create({ email: uniqueEmail('viewed') });
        const row = await storage().impersonations.createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: agent.id,
          targetId: target.id,
          reason: 'Ticket',
          createdAt: T0,
          expiresAt: at(30 * MINUTE),
        });
        await storage().impersonations.activate({ id: row.id, adminId: agent.id, now: at(1000) });
        const listed = (await storage().impersonations.listRunning(at(2000))).find((view) => view.id === row.id);
        expect(listed).toMatchObject({
          mode: 'read_only',
          admin: { id: agent.id, role: 'support' },
          target: { id: target.id, role: 'user' },
        });
        const [first, second] = await Promise.all([
          storage().impersonations.endByPolicy({ id: row.id, now: at(3000) }),
          storage().impersonations.endByPolicy({ id: row.id, now: at(3000) }),
        ]);
        expect([first, second].filter(Boolean)).toHaveLength(1);
        expect(await storage().impersonations.findById(row.id)).toMatchObject({ endReason: 'ended_by_policy', endedById: null });
        expect((await storage().impersonations.listRunning(at(4000))).some((view) => view.id === row.id)).toBe(false);
      });

      it('stores support agents and the mode of every view', async () => {
        const agent = await storage().users.create({ email: uniqueEmail('agent'), role: 'support' });
        const target = await storage().users.create({ email: uniqueEmail('viewed') });
        const row = await storage().impersonations.createPending({
          id: randomUUID(),
          mode: 'full',
          adminId: agent.id,
          targetId: target.id,
          reason: 'Ticket',
          createdAt: T0,
          expiresAt: at(30 * MINUTE),
        });
        expect((await storage().users.findById(agent.id))?.role).toBe('support');
        expect((await storage().impersonations.findById(row.id))?.mode).toBe('full');
      });
    });

    describe('transactions', () => {
      it('keeps nothing of a transaction that fails', async () => {
        const email = uniqueEmail('rolled-back');
        await expect(
          storage().transaction(async (tx) => {
            await tx.users.create({ email });
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await storage().users.findByEmail(email)).toBeNull();
      });
    });

    describe('sign-in throttle', () => {
      const policy = { maxFailures: 3, windowMs: 10 * MINUTE, lockMs: 15 * MINUTE };

      it('locks a key when it reaches the limit within the window, until the lock ends', async () => {
        const key = `account:${uniqueEmail('throttled')}`;
        await storage().throttle.recordFailure(key, at(0), policy);
        await storage().throttle.recordFailure(key, at(1000), policy);
        expect(await storage().throttle.lockedUntil([key], at(1000))).toBeNull();
        await storage().throttle.recordFailure(key, at(2000), policy);
        expect(await storage().throttle.lockedUntil([key, 'ip:unrelated'], at(2000))).toEqual(at(2000 + 15 * MINUTE));
        expect(await storage().throttle.lockedUntil([key], at(2000 + 15 * MINUTE))).toBeNull();
      });

      it('starts counting again once the window has passed', async () => {
        const key = `account:${uniqueEmail('slow')}`;
        await storage().throttle.recordFailure(key, at(0), policy);
        await storage().throttle.recordFailure(key, at(1000), policy);
        await storage().throttle.recordFailure(key, at(10 * MINUTE + 1000), policy);
        expect(await storage().throttle.lockedUntil([key], at(10 * MINUTE + 1000))).toBeNull();
      });

      it('forgets the failures of a cleared key', async () => {
        const key = `account:${uniqueEmail('cleared')}`;
        await storage().throttle.recordFailure(key, at(0), policy);
        await storage().throttle.recordFailure(key, at(1), policy);
        await storage().throttle.clear(key);
        await storage().throttle.recordFailure(key, at(2), policy);
        expect(await storage().throttle.lockedUntil([key], at(2))).toBeNull();
      });

      it('purges keys whose window has passed and that are not locked, and keeps the others', async () => {
        const stale = `account:${uniqueEmail('stale')}`;
        const locked = `account:${uniqueEmail('locked')}`;
        const recent = `account:${uniqueEmail('recent')}`;
        await storage().throttle.recordFailure(stale, at(0), policy);
        for (let index = 0; index < policy.maxFailures; index += 1) await storage().throttle.recordFailure(locked, at(5 * MINUTE), policy);
        await storage().throttle.recordFailure(recent, at(9 * MINUTE), policy);

        await storage().throttle.purgeStale(at(15 * MINUTE), policy.windowMs);

        const kept = await database.throttleKeys([stale, locked, recent]);
        expect(kept.sort()).toEqual([locked, recent].sort());
      });

      it('counts concurrent failures from several servers without losing any', async () => {
        const key = `ip:${uniqueEmail('burst')}`;
        await Promise.all(Array.from({ length: 3 }, (_, index) => storage().throttle.recordFailure(key, at(index), policy)));
        expect(await storage().throttle.lockedUntil([key], at(10))).not.toBeNull();
      });

      it('lets exactly maxFailures of many concurrent attempts through and locks the key from the next one', async () => {
        const key = `account:${uniqueEmail('parallel')}`;
        const verdicts = await Promise.all(Array.from({ length: 12 }, () => storage().throttle.takeAttempt(key, at(0), policy)));
        expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(policy.maxFailures);
        expect(verdicts.filter((verdict) => !verdict.allowed)).toEqual(
          Array.from({ length: 12 - policy.maxFailures }, () => ({ allowed: false, lockedUntil: at(15 * MINUTE) })),
        );
        // Attempts while locked neither get through nor extend the lock; the first one after it starts afresh.
        expect(await storage().throttle.takeAttempt(key, at(14 * MINUTE), policy)).toEqual({
          allowed: false,
          lockedUntil: at(15 * MINUTE),
        });
        expect(await storage().throttle.takeAttempt(key, at(15 * MINUTE), policy)).toEqual({ allowed: true });
      });

      it('starts a new window for attempts once the old one has passed, and takes a refunded attempt back', async () => {
        const key = `ip:${uniqueEmail('refund')}`;
        for (let index = 0; index < policy.maxFailures; index += 1)
          expect(await storage().throttle.takeAttempt(key, at(index), policy)).toEqual({ allowed: true });
        await storage().throttle.refund(key);
        expect(await storage().throttle.takeAttempt(key, at(10), policy)).toEqual({ allowed: true });
        expect((await storage().throttle.takeAttempt(key, at(11), policy)).allowed).toBe(false);

        const slow = `ip:${uniqueEmail('window')}`;
        for (let index = 0; index < policy.maxFailures; index += 1) await storage().throttle.takeAttempt(slow, at(0), policy);
        expect(await storage().throttle.takeAttempt(slow, at(10 * MINUTE), policy)).toEqual({ allowed: true });
      });
    });
  });
}
