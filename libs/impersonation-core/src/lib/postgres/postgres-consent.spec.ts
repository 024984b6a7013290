import { asc } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { openMigratedDatabase, testDatabaseKinds, type MigratedDatabase } from '../../../testing/test-databases';
import { createManualClock } from '../clock';
import { ConsentError } from '../consent/consent-error';
import type { UserRow } from '../model';
import { createPostgresConsent } from './postgres-consent';
import { createPostgresStore } from './postgres-store';
import { ledgerEvents } from './schema';
import { storeSteps } from '../../../testing/store-steps';

const REASON = 'Ticket 4711: the checkout page fails for this user';
const origin = { ip: '203.0.113.7', userAgent: 'jest' };
const MAIL = { appUrl: 'https://viewas.example', messageIdDomain: 'viewas.example' };

for (const kind of testDatabaseKinds()) {
  describe(`createPostgresConsent on ${kind}`, () => {
    let database: MigratedDatabase;
    let admin: UserRow;
    let user: UserRow;
    const clock = createManualClock('2026-11-23T10:00:00.000Z');

    beforeEach(async () => {
      database = await openMigratedDatabase(kind);
      const store = createPostgresStore(database.db);
      admin = await store.users.create({ email: 'admin@example.com', role: 'admin' });
      user = await store.users.create({ email: 'user@example.com', role: 'user' });
    }, 60_000);
    afterEach(() => database?.close());

    const askUser = () => ({ id: user.id, email: user.email, supportAccess: 'ask' as const });
    const ledgerTypes = async () =>
      (await database.db.select({ type: ledgerEvents.type }).from(ledgerEvents).orderBy(asc(ledgerEvents.id))).map((row) => row.type);

    it('asks an `ask` user before a view: the request, its ledger row and the in-app notification, read back through the same consent', async () => {
      const consent = createPostgresConsent({ db: database.db, clock, newId: randomUUID });

      const started = await consent.service.beforeStart({
        actor: admin,
        target: askUser(),
        mode: 'read_only',
        breakGlass: false,
        reason: REASON,
        origin,
      });

      expect(started).toMatchObject({ outcome: 'pending_approval', created: true, request: { approvers: ['user'], status: 'pending' } });
      expect(await ledgerTypes()).toEqual(['impersonation.requested']);
      expect(await consent.notifications.unreadCount(user.id)).toBe(1);
      const { notifications } = await consent.notifications.list({ userId: user.id, limit: 10 });
      expect(notifications).toEqual([expect.objectContaining({ kind: 'access_requested' })]);
      expect(await consent.notifications.markRead({ userId: user.id, ids: notifications.map((n) => n.id), at: clock.now() })).toBe(1);
      expect(await consent.notifications.unreadCount(user.id)).toBe(0);
      // No mail set up: nothing is queued.
      expect(await consent.mailOutbox.claimDue({ now: clock.now(), limit: 10, leaseUntil: clock.now(), claimToken: randomUUID() })).toEqual(
        [],
      );
    });

    it('writes a break-glass view, its two ledger rows, the notice and its e-mail in one transaction, or none of them', async () => {
      const viewOf = (id: string) => createPostgresStore(database.db).impersonations.findById(id);
      const breakGlass = (consent: ReturnType<typeof createPostgresConsent>) => {
        const id = randomUUID();
        const at = clock.now();
        const expiresAt = new Date(at.getTime() + 60 * 60_000);
        const people = { actor: { id: admin.id, email: admin.email }, target: { id: user.id, email: user.email } };
        const started = consent.service.startBreakGlass({ ...people, reason: REASON, expiresAt, origin, at }, (tx) =>
          tx.impersonations.create(
            { id, adminId: admin.id, targetId: user.id, reason: REASON, mode: 'read_only', createdAt: at, expiresAt },
            { ...people, at, type: 'impersonation.started', impersonationId: id, reason: REASON, ip: null, userAgent: null },
          ),
        );
        return { id, started };
      };

      const failing = breakGlass(
        createPostgresConsent({
          db: database.db,
          clock,
          newId: randomUUID,
          mail: MAIL,
          wantsEmail: async () => {
            throw new Error('the e-mail choice could not be read');
          },
        }),
      );
      await expect(failing.started).rejects.toThrow('the e-mail choice could not be read');
      expect(await viewOf(failing.id)).toBeNull();
      expect(await ledgerTypes()).toEqual([]);

      const consent = createPostgresConsent({ db: database.db, clock, newId: randomUUID, mail: MAIL });
      const told = breakGlass(consent);
      await expect(told.started).resolves.toMatchObject({ id: told.id, startedAt: null });
      expect(await viewOf(told.id)).toMatchObject({ id: told.id, mode: 'read_only' });
      expect(await ledgerTypes()).toEqual(['impersonation.started', 'impersonation.break_glass']);
      expect((await consent.notifications.list({ userId: user.id, limit: 10 })).notifications).toEqual([
        expect.objectContaining({ kind: 'break_glass' }),
      ]);
      const queued = await consent.mailOutbox.claimDue({ now: clock.now(), limit: 10, leaseUntil: clock.now(), claimToken: randomUUID() });
      expect(queued).toEqual([expect.objectContaining({ to: user.email })]);
    });

    it('tells the user a view ended in one insert, without a transaction, when no e-mail is set up', async () => {
      const transaction = jest.spyOn(database.db, 'transaction');
      const consent = createPostgresConsent({ db: database.db, clock, newId: randomUUID });
      const view = { admin, target: user, reason: REASON, mode: 'read_only' as const, startedAt: clock.now(), endedAt: clock.now() };

      await consent.service.tellViewEnded({ ...view, admin: { id: admin.id, email: admin.email }, endReason: 'returned' });

      expect(transaction).not.toHaveBeenCalled();
      const { notifications } = await consent.notifications.list({ userId: user.id, limit: 10 });
      expect(notifications).toEqual([
        expect.objectContaining({
          kind: 'view_ended',
          data: expect.objectContaining({ admin: { id: admin.id, email: admin.email }, endReason: 'returned' }),
        }),
      ]);
    });

    it("hands a returned view's notice to the end's own statement when no e-mail is set up: the row it would write after the end", async () => {
      const store = createPostgresStore(database.db);
      const consent = createPostgresConsent({ db: database.db, clock, newId: randomUUID });
      const startedAt = clock.now();
      const endedAt = new Date(startedAt.getTime() + 12 * 60_000);
      const steps = storeSteps(store);
      const pending = await steps.create({
        id: randomUUID(),
        adminId: admin.id,
        targetId: user.id,
        reason: REASON,
        mode: 'read_only',
        createdAt: startedAt,
        expiresAt: new Date(startedAt.getTime() + 60 * 60_000),
      });
      await steps.activate({ id: pending.id, adminId: admin.id, at: startedAt });
      const view = {
        admin: { id: admin.id, email: admin.email },
        target: user,
        reason: REASON,
        mode: 'read_only' as const,
        startedAt,
        endedAt,
      };
      const notice = consent.service.viewEndedNotice({ ...view, endReason: 'returned' });
      expect(notice).not.toBeNull();

      const returned = {
        at: endedAt,
        type: 'impersonation.returned' as const,
        actor: view.admin,
        target: { id: user.id, email: user.email },
        impersonationId: pending.id,
        reason: REASON,
        ip: null,
        userAgent: null,
      };
      const end = () =>
        store.impersonations.end(
          {
            where: { id: pending.id, adminId: admin.id, targetId: user.id, state: 'live', at: endedAt },
            endedAt,
            endReason: 'returned',
            endedById: admin.id,
          },
          returned,
          notice ?? undefined,
        );
      expect(await end()).toMatchObject({ id: pending.id, endReason: 'returned' });
      expect(await end()).toBeNull();
      // The same view told the way it is without the end's statement: the same row but for its id.
      await consent.service.tellViewEnded({ ...view, endReason: 'returned' });

      const { notifications } = await consent.notifications.list({ userId: user.id, limit: 10 });
      expect(notifications).toHaveLength(2);
      const [first, second] = notifications.map(({ id: _, ...row }) => row);
      expect(first).toEqual(second);
      expect(notifications.map((row) => row.id)).toContain(notice?.id);
      expect(first).toMatchObject({ kind: 'view_ended', createdAt: endedAt, readAt: null, data: { endReason: 'returned' } });

      // With e-mail the notice may queue a mail in a transaction of its own: it is not handed over.
      const withMail = createPostgresConsent({ db: database.db, clock, newId: randomUUID, mail: MAIL });
      expect(withMail.service.viewEndedNotice({ ...view, endReason: 'returned' })).toBeNull();
    });

    it('tells the user a view ended in a transaction with its e-mail when mail is set up', async () => {
      const transaction = jest.spyOn(database.db, 'transaction');
      const consent = createPostgresConsent({ db: database.db, clock, newId: randomUUID, mail: MAIL });

      await consent.service.tellViewEnded({
        admin: { id: admin.id, email: admin.email },
        target: user,
        reason: REASON,
        mode: 'read_only',
        startedAt: clock.now(),
        endedAt: clock.now(),
        endReason: 'returned',
      });

      expect(transaction).toHaveBeenCalledTimes(1);
      expect(await consent.notifications.unreadCount(user.id)).toBe(1);
      const queued = await consent.mailOutbox.claimDue({ now: clock.now(), limit: 10, leaseUntil: clock.now(), claimToken: randomUUID() });
      expect(queued).toEqual([expect.objectContaining({ to: user.email })]);
    });

    it('queues the e-mail with the notification when mail is set up, and calls onCommit once the decision has committed', async () => {
      const onCommit = jest.fn();
      // The database as a host that opens it on first use hands it over.
      const consent = createPostgresConsent({ db: async () => database.db, clock, newId: randomUUID, mail: MAIL, onCommit });

      const started = await consent.service.beforeStart({
        actor: admin,
        target: askUser(),
        mode: 'read_only',
        breakGlass: false,
        reason: REASON,
        origin,
      });
      expect(onCommit).toHaveBeenCalledTimes(1);
      if (started.outcome !== 'pending_approval') throw new Error(`expected a pending request, got ${started.outcome}`);

      const due = await consent.mailOutbox.claimDue({ now: clock.now(), limit: 10, leaseUntil: clock.now(), claimToken: 'worker-1' });
      expect(due).toEqual([expect.objectContaining({ to: user.email, messageId: expect.stringMatching(/@viewas\.example>$/) })]);

      await consent.service.decide({ id: started.request.id, as: 'user', decider: user, decision: 'approve', minutes: 30, origin });
      expect(onCommit).toHaveBeenCalledTimes(2);
      expect(await ledgerTypes()).toEqual(['impersonation.requested', 'impersonation.approved']);
      // The requester hears of the approval.
      expect(await consent.notifications.unreadCount(admin.id)).toBe(1);
    });

    it('commits nothing and never calls onCommit when a decision is refused', async () => {
      const onCommit = jest.fn();
      const consent = createPostgresConsent({ db: database.db, clock, newId: randomUUID, mail: MAIL, onCommit });

      await expect(consent.service.decide({ id: randomUUID(), as: 'user', decider: user, decision: 'approve', origin })).rejects.toEqual(
        expect.any(ConsentError),
      );

      expect(onCommit).not.toHaveBeenCalled();
      expect(await ledgerTypes()).toEqual([]);
      expect(await consent.notifications.unreadCount(user.id)).toBe(0);
    });

    it('sends no e-mail to a user the host says no for, and still tells them in the app', async () => {
      const consent = createPostgresConsent({ db: database.db, clock, newId: randomUUID, mail: MAIL, wantsEmail: async () => false });

      await consent.service.beforeStart({ actor: admin, target: askUser(), mode: 'read_only', breakGlass: false, reason: REASON, origin });

      expect(await consent.notifications.unreadCount(user.id)).toBe(1);
      expect(await consent.mailOutbox.claimDue({ now: clock.now(), limit: 10, leaseUntil: clock.now(), claimToken: 'worker-1' })).toEqual(
        [],
      );
    });
  });
}
