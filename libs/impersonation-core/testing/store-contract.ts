import { IllFormedTextError } from '@viewas/admin-api/server';
import fc from 'fast-check';
import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson } from '../src/lib/ledger/canonical-json';
import { hashedFields, ledgerHash } from '../src/lib/ledger/ledger-chain';
import { verifyLedger } from '../src/lib/ledger/verify-ledger';
import type { ImpersonationDetails, ImpersonationRow, NewImpersonation, NewLedgerEvent } from '../src/lib/model';
import {
  AlreadyViewingError,
  DuplicateEmailError,
  PENDING_WINDOW_MS,
  type ImpersonationFilter,
  type ImpersonationStore,
  type StoreRepositories,
} from '../src/lib/store';
import type { NewNotification } from '../src/lib/notifications/notifier';

const T0 = new Date('2030-01-01T10:00:00.000Z');
/** What a store refuses a cursor it never issued with: a 400 `bad_request` refusal. */
const INVALID_CURSOR = { name: 'RefusalError', code: 'bad_request', message: 'Invalid cursor' };
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;
/** A ledger event whose row cannot be chained (its time is no time): it fails after the change it records was made. */
const unwritable = <Event extends { at: Date }>(event: Event): Event => ({ ...event, at: new Date(Number.NaN) });
/** What hashing such a row throws (a `RangeError`, matched by its message: jest's realm has its own `RangeError`). */
const INVALID_TIME = 'Invalid time value';

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

    type Recorded =
      'impersonation.started' | 'impersonation.activated' | 'impersonation.returned' | 'impersonation.ended' | 'impersonation.expired';
    /** The ledger event a change writes: `actor` did `type` to `impersonation`. */
    const recorded = (type: Recorded, actor: { id: string; email?: string }, impersonation: { id: string; reason: string }) => ({
      at: T0,
      type,
      actor: { id: actor.id, email: actor.email ?? 'staff@example.com' },
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

    /** A pending impersonation with its `impersonation.started` row. */
    const createPending = (values: NewImpersonation) =>
      storage().impersonations.create(values, recorded('impersonation.started', { id: values.adminId }, values));
    /** A take-over with its `impersonation.activated` row. */
    const activate = ({ id, adminId, now }: { id: string; adminId: string; now: Date }) =>
      storage().impersonations.activate(
        { id, adminId, at: now },
        recorded('impersonation.activated', { id: adminId }, { id, reason: 'Ticket' }),
      );
    /** A return: the live view of exactly this admin and target ends, with its `impersonation.returned` row. */
    const returnFrom = (
      { id, adminId, targetId, now }: { id: string; adminId: string; targetId: string; now: Date },
      repositories: StoreRepositories = storage(),
      notice?: NewNotification,
    ) =>
      repositories.impersonations.end(
        { where: { id, adminId, targetId, state: 'live', at: now }, endedAt: now, endReason: 'returned', endedById: adminId },
        recorded('impersonation.returned', { id: adminId }, { id, reason: 'Ticket' }),
        notice,
      );
    /** An End: any open view before its hard expiry, pending or live. */
    const endByStaff = ({ id, endedById, now }: { id: string; endedById: string; now: Date }) =>
      storage().impersonations.end(
        { where: { id, state: 'unexpired', at: now }, endedAt: now, endReason: 'ended_by_admin', endedById },
        recorded('impersonation.ended', { id: endedById }, { id, reason: 'Ticket' }),
      );
    const isLive = (id: string, at: Date) => storage().impersonations.exists({ id, state: 'live', at });
    const liveOf = async (adminId: string, targetId: string, at: Date) =>
      (await storage().impersonations.find({ adminId, targetId, state: 'live', at }))[0] ?? null;

    /** The sweep at `now`: every due view ended at its own deadline (as the domain's `expiredAt` dates it), each with its row. */
    async function expireDue(now: Date) {
      const closed = [];
      for (const view of await storage().impersonations.find({ state: 'due', at: now })) {
        const endedAt = view.startedAt
          ? view.expiresAt
          : new Date(Math.min(view.expiresAt.getTime(), view.createdAt.getTime() + PENDING_WINDOW_MS));
        const row = await storage().impersonations.end(
          { where: { id: view.id, state: 'due', at: now }, endedAt, endReason: 'expired', endedById: null },
          recorded('impersonation.expired', view.admin, view),
        );
        if (row) closed.push(row);
      }
      return closed;
    }

    async function running(createdAt = T0, expiresInMs = 60 * MINUTE) {
      const { admin, target } = await adminAndTarget();
      const pending = await createPending({
        id: randomUUID(),
        mode: 'read_only',
        adminId: admin.id,
        targetId: target.id,
        reason: 'Support ticket 42',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + expiresInMs),
      });
      const started = await activate({ id: pending.id, adminId: admin.id, now: createdAt });
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
        await expect(storage().users.search({ cursor: 'not-a-cursor', limit: 5 })).rejects.toMatchObject(INVALID_CURSOR);
        const forged = Buffer.from(JSON.stringify(['a@example.com', "x'::uuid"])).toString('base64url');
        await expect(storage().users.search({ cursor: forged, limit: 5 })).rejects.toMatchObject(INVALID_CURSOR);
      });

      it('records the last sign-in and changes role and status', async () => {
        const user = await storage().users.create({ email: uniqueEmail('user') });
        await storage().users.recordSignIn(user.id, T0);
        await storage().users.setRole(user.id, 'admin');
        await storage().users.setStatus(user.id, 'disabled');
        expect(await storage().users.findById(user.id)).toMatchObject({ lastSignInAt: T0, role: 'admin', status: 'disabled' });
      });

      it('replaces a password hash only from the one stored (a concurrent change came first otherwise), raising the session generation', async () => {
        const user = await storage().users.create({ email: uniqueEmail('user'), passwordHash: 'hash-1' });
        expect(await storage().users.replacePasswordHash(user.id, { from: 'hash-0', to: 'hash-2' })).toBe(false);
        expect(await storage().users.findById(user.id)).toMatchObject({ passwordHash: 'hash-1', sessionGeneration: 0 });
        expect(await storage().users.replacePasswordHash(user.id, { from: 'hash-1', to: 'hash-2' })).toBe(true);
        expect(await storage().users.findById(user.id)).toMatchObject({ passwordHash: 'hash-2', sessionGeneration: 1 });
        expect(await storage().users.replacePasswordHash('not-an-id', { from: 'hash-2', to: 'hash-3' })).toBe(false);
      });
    });

    describe('impersonations', () => {
      it('lets only the admin who started it take a pending impersonation over, once', async () => {
        const { admin, target } = await adminAndTarget();
        const other = await storage().users.create({ email: uniqueEmail('other-admin'), role: 'admin' });
        const pending = await createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: admin.id,
          targetId: target.id,
          reason: 'Ticket',
          createdAt: T0,
          expiresAt: at(60 * MINUTE),
        });

        expect(await activate({ id: pending.id, adminId: other.id, now: at(1000) })).toBeNull();
        expect(await activate({ id: pending.id, adminId: admin.id, now: at(1000) })).toMatchObject({
          startedAt: at(1000),
        });
        expect(await activate({ id: pending.id, adminId: admin.id, now: at(2000) })).toBeNull();
      });

      it('lets a pending impersonation lapse at the end of the pending window', async () => {
        const { admin, target } = await adminAndTarget();
        const create = () =>
          createPending({
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
        expect(await activate({ id: justInTime.id, adminId: admin.id, now: at(PENDING_WINDOW_MS - 1) })).not.toBeNull();
        expect(await activate({ id: tooLate.id, adminId: admin.id, now: at(PENDING_WINDOW_MS) })).toBeNull();
      });

      it('keeps one running impersonation per admin and user: a second take-over waits until the first ends', async () => {
        const { admin, target, impersonation } = await running();
        const second = await createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: admin.id,
          targetId: target.id,
          reason: 'Second tab',
          createdAt: at(1000),
          expiresAt: at(60 * MINUTE),
        });
        const otherAdmin = await storage().users.create({ email: uniqueEmail('other-admin'), role: 'admin' });
        const byOtherAdmin = await createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: otherAdmin.id,
          targetId: target.id,
          reason: 'Colleague',
          createdAt: at(1000),
          expiresAt: at(60 * MINUTE),
        });

        expect(await liveOf(admin.id, target.id, at(2000))).toMatchObject({ id: impersonation.id });
        await expect(activate({ id: second.id, adminId: admin.id, now: at(2000) })).rejects.toBeInstanceOf(AlreadyViewingError);
        expect(await activate({ id: byOtherAdmin.id, adminId: otherAdmin.id, now: at(2000) })).toMatchObject({
          startedAt: at(2000),
        });

        await returnFrom({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(3000) });
        expect(await liveOf(admin.id, target.id, at(3000))).toBeNull();
        expect(await activate({ id: second.id, adminId: admin.id, now: at(4000) })).toMatchObject({
          startedAt: at(4000),
        });
      });

      it('ends a running impersonation by return only for its own admin and target, and only once', async () => {
        const { admin, target, impersonation } = await running();
        const stranger = await storage().users.create({ email: uniqueEmail('stranger'), role: 'admin' });
        const end = (adminId: string, targetId: string) => returnFrom({ id: impersonation.id, adminId, targetId, now: at(MINUTE) });

        expect(await end(stranger.id, target.id)).toBeNull();
        expect(await end(admin.id, stranger.id)).toBeNull();
        expect(await end(admin.id, target.id)).toMatchObject({ endReason: 'returned', endedById: admin.id, endedAt: at(MINUTE) });
        expect(await end(admin.id, target.id)).toBeNull();
      });

      it('gives exactly one of ten concurrent returns the impersonation', async () => {
        const { admin, target, impersonation } = await running();
        const results = await Promise.all(
          Array.from({ length: 10 }, () => returnFrom({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(MINUTE) })),
        );
        expect(results.filter((row) => row !== null)).toHaveLength(1);
      });

      it('refuses to return from an impersonation at or after its hard expiry', async () => {
        const { admin, target, impersonation } = await running(T0, 10 * MINUTE);
        expect(await isLive(impersonation.id, at(10 * MINUTE - 1))).toBe(true);
        expect(await isLive(impersonation.id, at(10 * MINUTE))).toBe(false);
        expect(await returnFrom({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(10 * MINUTE) })).toBeNull();
      });

      it('lets any admin end an open impersonation, once', async () => {
        const { impersonation } = await running();
        const other = await storage().users.create({ email: uniqueEmail('other-admin'), role: 'admin' });
        expect(await endByStaff({ id: impersonation.id, endedById: other.id, now: at(MINUTE) })).toMatchObject({
          endReason: 'ended_by_admin',
          endedById: other.id,
        });
        expect(await endByStaff({ id: impersonation.id, endedById: other.id, now: at(MINUTE) })).toBeNull();
        expect(await isLive(impersonation.id, at(MINUTE))).toBe(false);
      });

      it('finds every open, unexpired impersonation of one target, and only those, and ends each once', async () => {
        const { target, impersonation } = await running();
        const secondAdmin = await storage().users.create({ email: uniqueEmail('second-admin'), role: 'admin' });
        const pending = await createPending({
          id: randomUUID(),
          adminId: secondAdmin.id,
          targetId: target.id,
          reason: 'Ticket',
          mode: 'read_only',
          createdAt: at(MINUTE),
          expiresAt: at(60 * MINUTE),
        });
        const elsewhere = await running();
        const now = at(2 * MINUTE);
        const endAll = async () => {
          const ended = [];
          for (const view of await storage().impersonations.find({ targetId: target.id, state: 'unexpired', at: now })) {
            const row = await storage().impersonations.end(
              { where: { id: view.id, state: 'unexpired', at: now }, endedAt: now, endReason: 'consent_withdrawn', endedById: target.id },
              recorded('impersonation.ended', target, view),
            );
            if (row) ended.push(row);
          }
          return ended;
        };

        const ended = await endAll();
        expect(ended.map((row) => row.id).sort()).toEqual([impersonation.id, pending.id].sort());
        expect(ended).toEqual(ended.map(() => expect.objectContaining({ endReason: 'consent_withdrawn', endedById: target.id })));
        expect(await endAll()).toEqual([]);
        expect(await isLive(elsewhere.impersonation.id, now)).toBe(true);
      });

      it('finds the unexpired views of one admin on one target (a revoked approval ends those), ends them approval_revoked, once', async () => {
        const { admin, target, impersonation } = await running();
        const secondAdmin = await storage().users.create({ email: uniqueEmail('second-admin'), role: 'admin' });
        const others = await createPending({
          id: randomUUID(),
          adminId: secondAdmin.id,
          targetId: target.id,
          reason: 'Ticket',
          mode: 'read_only',
          createdAt: at(MINUTE),
          expiresAt: at(60 * MINUTE),
        });
        const now = at(2 * MINUTE);
        const found = await storage().impersonations.find({ adminId: admin.id, targetId: target.id, state: 'unexpired', at: now });
        expect(found.map((view) => view.id)).toEqual([impersonation.id]);
        const end = () =>
          storage().impersonations.end(
            {
              where: { id: impersonation.id, state: 'unexpired', at: now },
              endedAt: now,
              endReason: 'approval_revoked',
              endedById: target.id,
            },
            recorded('impersonation.ended', target, impersonation),
          );
        expect(await end()).toMatchObject({ endReason: 'approval_revoked', endedById: target.id });
        expect(await end()).toBeNull();
        expect(await storage().impersonations.find({ id: others.id })).toEqual([expect.objectContaining({ endedAt: null })]);
      });

      it('finds the overdue impersonations, ends each exactly once at the instant given, and says beforehand whether any are due', async () => {
        const sweepAt = new Date('2031-06-01T00:00:00.000Z');
        const overdue = await running(new Date(sweepAt.getTime() - 2 * 60 * MINUTE), 60 * MINUTE);
        const fresh = await running(new Date(sweepAt.getTime() - MINUTE), 60 * MINUTE);
        const { admin, target } = await adminAndTarget();
        const lapsedCreatedAt = new Date(sweepAt.getTime() - 5 * MINUTE);
        const lapsed = await createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: admin.id,
          targetId: target.id,
          reason: 'Ticket',
          createdAt: lapsedCreatedAt,
          expiresAt: new Date(sweepAt.getTime() + 60 * MINUTE),
        });
        // Each is dated at its own deadline (the domain's `expiredAt` says which).
        const sweep = () => expireDue(sweepAt);

        expect(await storage().impersonations.exists({ state: 'due', at: sweepAt })).toBe(true);
        const first = await sweep();
        const second = await sweep();
        expect(await storage().impersonations.exists({ state: 'due', at: sweepAt })).toBe(false);

        const byId = new Map(first.map((row) => [row.id, row]));
        expect(byId.get(overdue.impersonation.id)).toMatchObject({ endReason: 'expired', endedAt: overdue.impersonation.expiresAt });
        expect(byId.get(lapsed.id)).toMatchObject({
          endReason: 'expired',
          endedAt: new Date(lapsedCreatedAt.getTime() + PENDING_WINDOW_MS),
        });
        expect(byId.has(fresh.impersonation.id)).toBe(false);
        expect(second).toEqual([]);
        // A due view is ended once however many servers sweep at the same instant.
        const raced = await running(new Date(sweepAt.getTime() - 2 * 60 * MINUTE), 60 * MINUTE);
        const results = await Promise.all(
          Array.from({ length: 5 }, () =>
            storage().impersonations.end(
              { where: { id: raced.impersonation.id, state: 'due', at: sweepAt }, endedAt: sweepAt, endReason: 'expired', endedById: null },
              recorded('impersonation.expired', raced.admin, raced.impersonation),
            ),
          ),
        );
        expect(results.filter((row) => row !== null)).toHaveLength(1);
        expect((await rowsOf(raced.impersonation.id)).map((row) => row.type)).toEqual([
          'impersonation.started',
          'impersonation.activated',
          'impersonation.expired',
        ]);
      });

      it('lists open impersonations with the people involved, newest first', async () => {
        const older = await running(at(-2 * MINUTE));
        const newer = await running(at(-MINUTE));
        const open = await storage().impersonations.find({ state: 'open' }, { limit: 500 });
        const ids = open.map((row) => row.id);
        expect(ids.indexOf(newer.impersonation.id)).toBeLessThan(ids.indexOf(older.impersonation.id));
        expect(open.find((row) => row.id === newer.impersonation.id)).toMatchObject({
          admin: person(newer.admin),
          target: person(newer.target),
          endedBy: null,
        });
        expect(open.every((row) => row.endedAt === null)).toBe(true);
        expect(await storage().impersonations.find({ state: 'open' }, { limit: 1 })).toHaveLength(1);
      });

      it("pages through one user's started impersonations, newest first", async () => {
        const { admin, target } = await adminAndTarget();
        const started: string[] = [];
        for (let index = 0; index < 3; index += 1) {
          const row = await createPending({
            id: randomUUID(),
            mode: 'read_only',
            adminId: admin.id,
            targetId: target.id,
            reason: `Ticket ${index}`,
            createdAt: at(index * MINUTE),
            expiresAt: at(index * MINUTE + 60 * MINUTE),
          });
          await activate({ id: row.id, adminId: admin.id, now: at(index * MINUTE + 1000) });
          await returnFrom({ id: row.id, adminId: admin.id, targetId: target.id, now: at(index * MINUTE + 30_000) });
          started.unshift(row.id);
        }
        await createPending({
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

    describe('which impersonations a filter matches (one definition per store, held equal here)', () => {
      // One view in every state, all of one admin, created at T0 + `created` and expiring at `expires` (ms).
      async function views() {
        const { admin, target } = await adminAndTarget();
        const make = async (name: string, created: number, expires: number, startedAt: number | null, endedAt: number | null) => {
          const values = {
            id: randomUUID(),
            mode: 'read_only' as const,
            adminId: admin.id,
            targetId: target.id,
            reason: name,
            createdAt: at(created),
            expiresAt: at(expires),
          };
          await createPending(values);
          if (startedAt !== null) expect(await activate({ id: values.id, adminId: admin.id, now: at(startedAt) })).not.toBeNull();
          if (endedAt !== null)
            expect(await returnFrom({ id: values.id, adminId: admin.id, targetId: target.id, now: at(endedAt) })).not.toBeNull();
          return [name, values.id] as const;
        };
        // Taken over and ended first: only one view of the pair may run at a time.
        const ended = await make('ended', 0, 60 * MINUTE, 1000, 2000);
        const live = await make('live', 0, 20 * MINUTE, 3000, null);
        const rows = new Map([
          ended,
          live,
          await make('pending', 9 * MINUTE + 45_000, 60 * MINUTE, null, null),
          await make('lapsed', 0, 60 * MINUTE, null, null),
          await make('pending, expiring', 9 * MINUTE + 30_000, 10 * MINUTE, null, null),
        ]);
        return { admin, target, rows };
      }

      it('sorts every view into exactly one of pending, live and due while open, at and around each boundary', async () => {
        const { admin, rows } = await views();
        const named = (ids: string[]) =>
          [...rows]
            .filter(([, id]) => ids.includes(id))
            .map(([name]) => name)
            .sort();
        const inState = async (state: 'pending' | 'live' | 'due' | 'unexpired', now: Date) =>
          named((await storage().impersonations.find({ adminId: admin.id, state, at: now })).map((row) => row.id));
        const untimed = async (state: 'open' | 'ended' | 'started') =>
          named((await storage().impersonations.find({ adminId: admin.id, state })).map((row) => row.id));

        expect(await untimed('open')).toEqual(['lapsed', 'live', 'pending', 'pending, expiring']);
        expect(await untimed('ended')).toEqual(['ended']);
        expect(await untimed('started')).toEqual(['ended', 'live']);

        // Just before 10 minutes: the expiring pending view is still takeable; the lapsed one's window closed at 1 minute.
        const before = at(10 * MINUTE - 1);
        expect(await inState('pending', before)).toEqual(['pending', 'pending, expiring']);
        expect(await inState('live', before)).toEqual(['live']);
        expect(await inState('due', before)).toEqual(['lapsed']);
        expect(await inState('unexpired', before)).toEqual(['lapsed', 'live', 'pending', 'pending, expiring']);
        // At 10 minutes the expiring one reaches its hard expiry: due, no longer pending nor unexpired.
        const atExpiry = at(10 * MINUTE);
        expect(await inState('pending', atExpiry)).toEqual(['pending']);
        expect(await inState('due', atExpiry)).toEqual(['lapsed', 'pending, expiring']);
        expect(await inState('unexpired', atExpiry)).toEqual(['lapsed', 'live', 'pending']);
        // At 20 minutes the live view reaches its hard expiry; the other pending one's window closed at 10 minutes.
        const later = at(20 * MINUTE);
        expect(await inState('live', new Date(later.getTime() - 1))).toEqual(['live']);
        expect(await inState('live', later)).toEqual([]);
        expect(await inState('pending', later)).toEqual([]);
        expect(await inState('due', later)).toEqual(['lapsed', 'live', 'pending', 'pending, expiring']);

        // Pending, live and due split the open views at every instant, and `exists` agrees with `find`.
        for (const now of [at(0), at(MINUTE - 1), at(MINUTE), before, atExpiry, at(10 * MINUTE + 1), later, at(60 * MINUTE)]) {
          const parts = [...(await inState('pending', now)), ...(await inState('live', now)), ...(await inState('due', now))];
          expect(parts.sort()).toEqual(await untimed('open'));
          for (const state of ['pending', 'live', 'due', 'unexpired'] as const)
            expect(await storage().impersonations.exists({ adminId: admin.id, state, at: now })).toBe(
              (await inState(state, now)).length > 0,
            );
        }
      });

      it('matches by id, admin and target whatever their case; an id that is not an id matches nothing', async () => {
        const { admin, target, rows } = await views();
        const liveId = rows.get('live') as string;
        const ids = async (filter: ImpersonationFilter) => (await storage().impersonations.find(filter)).map((row) => row.id);

        expect(await ids({ id: liveId.toUpperCase(), adminId: admin.id.toUpperCase(), targetId: target.id.toUpperCase() })).toEqual([
          liveId,
        ]);
        expect(await ids({ adminId: admin.id, targetId: target.id, state: 'live', at: at(MINUTE) })).toEqual([liveId]);
        expect(await ids({ adminId: target.id })).toEqual([]);
        for (const filter of [{ id: "1' or '1'='1" }, { adminId: 'not-an-id' }, { targetId: '' }, { id: liveId, adminId: 'x' }]) {
          expect(await ids(filter)).toEqual([]);
          expect(await storage().impersonations.exists(filter)).toBe(false);
        }
        expect(await storage().impersonations.findById(liveId.toUpperCase())).toMatchObject({ id: liveId, admin: person(admin) });
        expect(await storage().impersonations.findById('not-an-id')).toBeNull();
        expect(await storage().impersonations.findById(randomUUID())).toBeNull();
      });
    });

    describe('the cycle: generic reads, each change with its ledger row in one atomic step', () => {
      const pendingValues = (adminId: string, targetId: string, createdAt = T0) => ({
        id: randomUUID(),
        mode: 'read_only' as const,
        adminId,
        targetId,
        reason: 'Ticket 7',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 60 * MINUTE),
      });

      it('reads several accounts at once: none for an unknown id or one that is not an id, one account asked twice once', async () => {
        const { admin, target } = await adminAndTarget();
        const byEmail = (rows: { email: string }[]) => [...rows].sort((a, b) => (a.email < b.email ? -1 : 1));
        expect(byEmail(await storage().users.findMany([target.id, admin.id]))).toEqual(byEmail([target, admin]));
        expect(await storage().users.findMany([admin.id.toUpperCase(), admin.id])).toEqual([admin]);
        expect(await storage().users.findById(admin.id.toUpperCase())).toEqual(admin);
        expect(await storage().users.findMany([randomUUID(), "1' or '1'='1"])).toEqual([]);
        expect(await storage().users.findMany(["1' or '1'='1", target.id])).toEqual([target]);
        expect(await storage().users.findMany([])).toEqual([]);
      });

      it('writes a pending impersonation and its ledger row together, chained like any other row', async () => {
        const { admin, target } = await adminAndTarget();
        const values = pendingValues(admin.id, target.id);
        const row = await storage().impersonations.create(values, recorded('impersonation.started', admin, values));
        expect(row).toEqual({ ...values, startedAt: null, endedAt: null, endReason: null, endedById: null });
        expect(await rowsOf(row.id)).toEqual([
          { type: 'impersonation.started', actorId: admin.id, reason: 'Ticket 7', detail: { step: 'impersonation.started' } },
        ]);
        expect(await verifyLedger(storage().ledger, 3)).toMatchObject({ ok: true });
      });

      it("writes an activation's ledger row only when it activates: another admin, a second view of the pair or a replay leaves none", async () => {
        const { admin, target, impersonation } = await running();
        const otherAdmin = await storage().users.create({ email: uniqueEmail('other-admin'), role: 'admin' });
        const second = await createPending(pendingValues(admin.id, target.id, at(1000)));
        const activateAs = (adminId: string, now: Date) =>
          storage().impersonations.activate({ id: second.id, adminId, at: now }, recorded('impersonation.activated', admin, second));

        expect(await activateAs(otherAdmin.id, at(2000))).toBeNull();
        await expect(activateAs(admin.id, at(2000))).rejects.toBeInstanceOf(AlreadyViewingError);
        expect((await rowsOf(second.id)).map((row) => row.type)).toEqual(['impersonation.started']);

        await returnFrom({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(3000) });
        expect(await activateAs(admin.id, at(4000))).toMatchObject({ id: second.id, startedAt: at(4000) });
        expect(await activateAs(admin.id, at(5000))).toBeNull();
        expect((await rowsOf(second.id)).map((row) => row.type)).toEqual(['impersonation.started', 'impersonation.activated']);
        expect(await verifyLedger(storage().ledger, 3)).toMatchObject({ ok: true });
      });

      it('writes one return row for ten concurrent returns, and none for a return by someone else or after the end', async () => {
        const { admin, target, impersonation } = await running();
        const end = (adminId: string, targetId: string) => returnFrom({ id: impersonation.id, adminId, targetId, now: at(MINUTE) });
        expect(await end(admin.id, admin.id)).toBeNull();
        const results = await Promise.all(Array.from({ length: 10 }, () => end(admin.id, target.id)));
        expect(results.filter((row) => row !== null)).toEqual([
          expect.objectContaining({ id: impersonation.id, endReason: 'returned', endedById: admin.id, endedAt: at(MINUTE) }),
        ]);
        expect(await end(admin.id, target.id)).toBeNull();
        expect((await rowsOf(impersonation.id)).map((row) => row.type)).toEqual([
          'impersonation.started',
          'impersonation.activated',
          'impersonation.returned',
        ]);
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
          const ended = await returnFrom(
            { id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(MINUTE) },
            storage(),
            notice,
          );
          expect(ended).toMatchObject({ id: impersonation.id, endReason: 'returned', endedAt: at(MINUTE) });
          expect(await database.notificationsOf(target.id)).toEqual([notice]);
          expect((await rowsOf(impersonation.id)).map((row) => row.type)).toEqual([
            'impersonation.started',
            'impersonation.activated',
            'impersonation.returned',
          ]);
          expect(await verifyLedger(storage().ledger, 3)).toMatchObject({ ok: true });
        });

        it('writes one notice for ten concurrent returns, and none for a return that matches nothing', async () => {
          const { admin, target, impersonation } = await running();
          const end = (adminId: string, targetId: string) => {
            const notice = noticeOf(target, admin);
            return returnFrom({ id: impersonation.id, adminId, targetId, now: at(MINUTE) }, storage(), notice).then((row) => ({
              row,
              notice,
            }));
          };
          expect((await end(admin.id, admin.id)).row).toBeNull();
          expect(await database.notificationsOf(target.id)).toEqual([]);

          const results = await Promise.all(Array.from({ length: 10 }, () => end(admin.id, target.id)));
          const winners = results.filter(({ row }) => row !== null);
          expect(winners).toHaveLength(1);
          expect(await database.notificationsOf(target.id)).toEqual([winners[0]?.notice]);
          expect((await end(admin.id, target.id)).row).toBeNull();
          expect(await database.notificationsOf(target.id)).toHaveLength(1);
          expect((await rowsOf(impersonation.id)).map((row) => row.type)).toEqual([
            'impersonation.started',
            'impersonation.activated',
            'impersonation.returned',
          ]);
        });

        it('refuses a notice without its ledger row and leaves the impersonation running', async () => {
          const { admin, target, impersonation } = await running();
          await expect(
            storage().impersonations.end(
              {
                where: { id: impersonation.id, adminId: admin.id, targetId: target.id, state: 'live', at: at(MINUTE) },
                endedAt: at(MINUTE),
                endReason: 'returned',
                endedById: admin.id,
              },
              undefined as unknown as NewLedgerEvent,
              noticeOf(target, admin),
            ),
          ).rejects.toBeInstanceOf(TypeError);
          expect(await isLive(impersonation.id, at(MINUTE))).toBe(true);
          expect(await database.notificationsOf(target.id)).toEqual([]);
        });

        it('keeps neither the end, its ledger row nor its notice when the ledger row cannot be written', async () => {
          const { admin, target, impersonation } = await running();
          const head = await storage().ledger.recordedHead();
          await expect(
            storage().impersonations.end(
              {
                where: { id: impersonation.id, adminId: admin.id, targetId: target.id, state: 'live', at: at(MINUTE) },
                endedAt: at(MINUTE),
                endReason: 'returned',
                endedById: admin.id,
              },
              unwritable(recorded('impersonation.returned', admin, impersonation)),
              noticeOf(target, admin),
            ),
          ).rejects.toThrow(INVALID_TIME);
          expect(await isLive(impersonation.id, at(MINUTE))).toBe(true);
          expect(await database.notificationsOf(target.id)).toEqual([]);
          expect(await storage().ledger.recordedHead()).toEqual(head);
        });

        it('keeps neither the end, its ledger row nor its notice of a transaction that fails', async () => {
          const { admin, target, impersonation } = await running();
          await expect(
            storage().transaction(async (tx) => {
              await returnFrom(
                { id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(MINUTE) },
                tx,
                noticeOf(target, admin),
              );
              throw new Error('rolled back');
            }),
          ).rejects.toThrow('rolled back');
          expect(await isLive(impersonation.id, at(MINUTE))).toBe(true);
          expect(await database.notificationsOf(target.id)).toEqual([]);
          expect((await rowsOf(impersonation.id)).map((row) => row.type)).toEqual(['impersonation.started', 'impersonation.activated']);
        });
      });

      it('keeps neither the change nor its ledger row of a transaction that fails', async () => {
        const { admin, target } = await adminAndTarget();
        const values = pendingValues(admin.id, target.id);
        await expect(
          storage().transaction(async (tx) => {
            await tx.impersonations.create(values, recorded('impersonation.started', admin, values));
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await storage().impersonations.findById(values.id)).toBeNull();
        expect(await rowsOf(values.id)).toEqual([]);
      });

      it('refuses a change without its ledger event, and changes nothing', async () => {
        const { admin, target } = await adminAndTarget();
        const none = undefined as unknown as NewLedgerEvent;
        const values = pendingValues(admin.id, target.id);
        await expect(storage().impersonations.create(values, none)).rejects.toBeInstanceOf(TypeError);
        expect(await storage().impersonations.findById(values.id)).toBeNull();

        const pending = await createPending(pendingValues(admin.id, target.id));
        await expect(storage().impersonations.activate({ id: pending.id, adminId: admin.id, at: at(1000) }, none)).rejects.toBeInstanceOf(
          TypeError,
        );
        await expect(
          storage().impersonations.end(
            { where: { id: pending.id, state: 'open' }, endedAt: at(1000), endReason: 'ended_by_policy', endedById: null },
            none,
          ),
        ).rejects.toBeInstanceOf(TypeError);
        expect(await storage().impersonations.findById(pending.id)).toMatchObject({ startedAt: null, endedAt: null });
        expect((await rowsOf(pending.id)).map((row) => row.type)).toEqual(['impersonation.started']);
      });

      it('undoes a change whose ledger row cannot be written: a create, an activation and an end each leave nothing', async () => {
        const { admin, target } = await adminAndTarget();
        const head = await storage().ledger.recordedHead();
        const values = pendingValues(admin.id, target.id);
        await expect(storage().impersonations.create(values, unwritable(recorded('impersonation.started', admin, values)))).rejects.toThrow(
          INVALID_TIME,
        );
        expect(await storage().impersonations.findById(values.id)).toBeNull();
        expect(await storage().ledger.recordedHead()).toEqual(head);

        const pending = await createPending(pendingValues(admin.id, target.id));
        const created = await storage().ledger.recordedHead();
        await expect(
          storage().impersonations.activate(
            { id: pending.id, adminId: admin.id, at: at(1000) },
            unwritable(recorded('impersonation.activated', admin, pending)),
          ),
        ).rejects.toThrow(INVALID_TIME);
        expect(await storage().impersonations.exists({ id: pending.id, state: 'pending', at: at(1000) })).toBe(true);
        await expect(
          storage().impersonations.end(
            { where: { id: pending.id, state: 'open' }, endedAt: at(1000), endReason: 'ended_by_policy', endedById: null },
            unwritable(recorded('impersonation.ended', admin, pending)),
          ),
        ).rejects.toThrow(INVALID_TIME);
        expect(await storage().impersonations.findById(pending.id)).toMatchObject({ startedAt: null, endedAt: null });
        expect(await storage().ledger.recordedHead()).toEqual(created);
        expect((await rowsOf(pending.id)).map((row) => row.type)).toEqual(['impersonation.started']);
        expect(await verifyLedger(storage().ledger, 3)).toMatchObject({ ok: true });
      });

      it('runs a whole cycle inside transactions too, one after the other, each step with its ledger row', async () => {
        const { admin, target } = await adminAndTarget();
        for (let round = 0; round < 2; round += 1) {
          const values = pendingValues(admin.id, target.id, at(round * 10 * MINUTE));
          const now = (ms: number) => new Date(values.createdAt.getTime() + ms);
          const ended = await storage().transaction(async (tx) => {
            await tx.impersonations.create(values, recorded('impersonation.started', admin, values));
            // Other tests leave due rows behind: only that it answers, inside the transaction.
            expect(typeof (await tx.impersonations.exists({ state: 'due', at: now(1000) }))).toBe('boolean');
            expect(await tx.impersonations.exists({ adminId: admin.id, targetId: target.id, state: 'live', at: now(1000) })).toBe(false);
            expect(await tx.impersonations.findById(values.id)).toMatchObject({
              id: values.id,
              admin: person(admin),
              target: person(target),
            });
            await tx.impersonations.activate(
              { id: values.id, adminId: admin.id, at: now(1000) },
              recorded('impersonation.activated', admin, values),
            );
            expect(await tx.impersonations.find({ adminId: admin.id, targetId: target.id, state: 'live', at: now(2000) })).toEqual([
              expect.objectContaining({ id: values.id }),
            ]);
            expect((await tx.impersonations.find({ state: 'live', at: now(2000) })).map((view) => view.id)).toContain(values.id);
            expect(await tx.impersonations.exists({ id: values.id, state: 'live', at: now(2000) })).toBe(true);
            expect(await tx.users.findMany([admin.id, target.id])).toHaveLength(2);
            return returnFrom({ id: values.id, adminId: admin.id, targetId: target.id, now: now(3000) }, tx);
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

      // What each step of the cycle is decided on, put together from the generic reads as the domain does:
      // the answers the per-step reads they replace gave, held to the same expectations.
      const people = new Set(['admin', 'target', 'endedBy']);
      const rowOf = (view: ImpersonationDetails) =>
        Object.fromEntries(Object.entries(view).filter(([key]) => !people.has(key))) as ImpersonationRow;
      const readForTakeOver = async ({ id, adminId, now }: { id: string; adminId: string; now: Date }) => {
        const [admin, view, anyDue] = await Promise.all([
          storage().users.findById(adminId),
          storage().impersonations.findById(id),
          storage().impersonations.exists({ state: 'due', at: now }),
        ]);
        const target = view ? await storage().users.findById(view.targetId) : null;
        const alreadyViewing =
          admin !== null &&
          view !== null &&
          (await storage().impersonations.exists({ adminId: admin.id, targetId: view.targetId, state: 'live', at: now }));
        return { admin, impersonation: view && rowOf(view), target, alreadyViewing, anyDue };
      };
      const readForStart = async ({
        caller: asking,
        targetId,
        now,
      }: {
        caller: { id: string; sessionAuthTime: number } | null;
        targetId: string;
        now: Date;
      }) => {
        const [accounts, passwordEnteredAt, alreadyViewing, anyDue] = await Promise.all([
          storage().users.findMany(asking ? [asking.id, targetId] : [targetId]),
          asking ? storage().passwordEntries.last({ userId: asking.id, sessionAuthTime: asking.sessionAuthTime }) : null,
          asking ? storage().impersonations.exists({ adminId: asking.id, targetId, state: 'live', at: now }) : false,
          storage().impersonations.exists({ state: 'due', at: now }),
        ]);
        const accountOf = (id: string) => accounts.find((account) => account.id === id.toLowerCase()) ?? null;
        const caller = asking ? accountOf(asking.id) : null;
        return { caller, target: accountOf(targetId), passwordEnteredAt: caller ? passwordEnteredAt : null, alreadyViewing, anyDue };
      };
      const readForReturn = async ({ id, adminId, now }: { id: string; adminId: string; now: Date }) => {
        const [admin, view, running] = await Promise.all([
          storage().users.findById(adminId),
          storage().impersonations.findById(id),
          storage().impersonations.exists({ id, state: 'live', at: now }),
        ]);
        return { admin, impersonation: view && rowOf(view), running };
      };

      it('reads what a take-over is decided on at once: the admin, the impersonation and its target, and a running view of the pair', async () => {
        const { admin, target, impersonation } = await running();
        const second = await createPending(pendingValues(admin.id, target.id, at(1000)));
        const otherAdmin = await storage().users.create({ email: uniqueEmail('other-admin'), role: 'admin' });
        const read = (id: string, adminId: string, now = at(2000)) => readForTakeOver({ id, adminId, now });
        // Other tests leave due rows behind: the same answer `anyDue` gives (see the sweep's own test below).
        const anyDue = await storage().impersonations.exists({ state: 'due', at: at(2000) });

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
        await returnFrom({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(3000) });
        expect((await read(second.id, admin.id, at(4000))).alreadyViewing).toBe(false);
      });

      it('reads what a start is decided on at once: caller and target, the step-up entry of this session, a running view of the pair', async () => {
        const { admin, target, impersonation } = await running(T0, 10 * MINUTE);
        const otherTarget = await storage().users.create({ email: uniqueEmail('other-target') });
        await storage().passwordEntries.record({ userId: admin.id, sessionAuthTime: 100, at: at(1) });
        const session = { id: admin.id, sessionAuthTime: 100 };
        const read = (targetId: string, now = at(2000), caller: { id: string; sessionAuthTime: number } | null = session) =>
          readForStart({ caller, targetId, now });
        // Other tests leave due rows behind: the same answer `anyDue` gives (see the sweep's own test below).
        const anyDue = await storage().impersonations.exists({ state: 'due', at: at(2000) });

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
        await returnFrom({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(3000) });
        expect((await read(target.id, at(4000))).alreadyViewing).toBe(false);
      });

      it('says in the read of a start and of a take-over whether the sweep has anything to close, as anyDue does at that instant', async () => {
        const dueAt = new Date('2045-01-01T00:00:00.000Z');
        const { admin, target, impersonation } = await running(new Date(dueAt.getTime() - 10 * MINUTE), 10 * MINUTE);
        // Whatever other tests left due before then is closed first.
        await expireDue(new Date(dueAt.getTime() - 1));
        const answers = async (now: Date) => [
          await storage().impersonations.exists({ state: 'due', at: now }),
          (await readForStart({ caller: { id: admin.id, sessionAuthTime: 1 }, targetId: target.id, now })).anyDue,
          (await readForStart({ caller: null, targetId: 'not-an-id', now })).anyDue,
          (await readForTakeOver({ id: impersonation.id, adminId: admin.id, now })).anyDue,
          (await readForTakeOver({ id: 'not-an-id', adminId: 'not-an-id', now })).anyDue,
        ];

        // A running view is due at its hard expiry.
        expect(await answers(new Date(dueAt.getTime() - 1))).toEqual([false, false, false, false, false]);
        expect(await answers(dueAt)).toEqual([true, true, true, true, true]);
        await expireDue(dueAt);
        expect(await answers(dueAt)).toEqual([false, false, false, false, false]);

        // A pending one never taken over is due at the end of its pending window.
        const createdAt = new Date(dueAt.getTime() + MINUTE);
        await createPending({
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
        await expireDue(windowEnds);
        expect(await answers(windowEnds)).toEqual([false, false, false, false, false]);
      });

      it('reads what a return is decided on at once: the admin, the impersonation, and whether it runs until its hard expiry', async () => {
        const { admin, target, impersonation } = await running(T0, 10 * MINUTE);
        const read = (now: Date, id = impersonation.id, adminId = admin.id) => readForReturn({ id, adminId, now });

        expect(await read(at(10 * MINUTE - 1))).toEqual({ admin, impersonation, running: true });
        expect((await read(at(10 * MINUTE))).running).toBe(false);
        expect(await read(at(MINUTE), randomUUID())).toEqual({ admin, impersonation: null, running: false });
        expect(await read(at(MINUTE), 'not-an-id', 'not-an-id')).toEqual({ admin: null, impersonation: null, running: false });
        await returnFrom({ id: impersonation.id, adminId: admin.id, targetId: target.id, now: at(MINUTE) });
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
        const row = await createPending({
          id: randomUUID(),
          mode: 'read_only',
          adminId: agent.id,
          targetId: target.id,
          reason: 'Ticket',
          createdAt: T0,
          expiresAt: at(30 * MINUTE),
        });
        await activate({ id: row.id, adminId: agent.id, now: at(1000) });
        const liveIds = async (now: Date) => (await storage().impersonations.find({ state: 'live', at: now })).map((view) => view.id);
        const view = (await storage().impersonations.find({ state: 'live', at: at(2000) })).find((live) => live.id === row.id);
        const accounts = await storage().users.findMany(view ? [view.adminId, view.targetId] : []);
        const listed = view && {
          mode: view.mode,
          admin: accounts.find((account) => account.id === view.adminId),
          target: accounts.find((account) => account.id === view.targetId),
        };
        expect(listed).toMatchObject({
          mode: 'read_only',
          admin: { id: agent.id, role: 'support' },
          target: { id: target.id, role: 'user' },
        });
        const endByPolicy = () =>
          storage().impersonations.end(
            { where: { id: row.id, state: 'open' }, endedAt: at(3000), endReason: 'ended_by_policy', endedById: null },
            recorded('impersonation.ended', agent, row),
          );
        const [first, second] = await Promise.all([endByPolicy(), endByPolicy()]);
        expect([first, second].filter(Boolean)).toHaveLength(1);
        expect(await storage().impersonations.findById(row.id)).toMatchObject({ endReason: 'ended_by_policy', endedById: null });
        expect((await liveIds(at(4000))).includes(row.id)).toBe(false);
      });

      it('stores support agents and the mode of every view', async () => {
        const agent = await storage().users.create({ email: uniqueEmail('agent'), role: 'support' });
        const target = await storage().users.create({ email: uniqueEmail('viewed') });
        const row = await createPending({
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
