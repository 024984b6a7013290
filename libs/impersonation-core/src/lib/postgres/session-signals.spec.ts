import { randomUUID } from 'node:crypto';
import { openMigratedDatabase, testDatabaseKinds, type MigratedDatabase } from '../../../testing/test-databases';
import { CAEP_SESSION_REVOKED, sessionRevokedBy } from '../shared-signals/caep-events';
import { createPostgresStore } from './postgres-store';
import { webhookOutbox } from './schema';
import { SESSION_SIGNALS_KEPT_MS } from './session-signals';
import { sessionSignals } from './ssf-schema';
import { createSessionSignalOutboxRepository } from './webhook-outbox';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const CHANNELS = ['ssf-session:siem', 'ssf-session:idp'];
const expiresAt = new Date('2030-01-02T10:00:00.000Z');

// A revocation that writes no ledger row (a sign-out, a password change) queues its CAEP session-revoked for
// every receiver in its own transaction (docs/shared-signals.md).
for (const kind of testDatabaseKinds()) {
  describe(`session signals on ${kind}`, () => {
    let database: MigratedDatabase;
    beforeEach(async () => {
      database = await openMigratedDatabase(kind);
    }, 60_000);
    afterEach(() => database?.close());

    const newUser = async () =>
      createPostgresStore(database.db).users.create({
        email: `${randomUUID()}@example.com`,
        name: 'User',
        role: 'user',
        status: 'active',
        passwordHash: null,
      });
    const claimAll = (channel: string) =>
      createSessionSignalOutboxRepository(database.db, channel).claimDue({
        now: new Date('2030-01-01T11:00:00Z'),
        leaseUntil: new Date('2030-01-01T11:01:00Z'),
        limit: 10,
      });

    it('queues a sign-out once per receiver, with the revocation, and never again for a session already signed out', async () => {
      const store = createPostgresStore(database.db, { sessionSignals: CHANNELS });
      const user = await newUser();
      const signal = sessionRevokedBy('sign_out', user.id, T0);
      await store.sessionRevocations.revokeSession({ sessionId: 'sid-1', userId: user.id, expiresAt, signal });
      await store.sessionRevocations.revokeSession({ sessionId: 'sid-1', userId: user.id, expiresAt, signal });
      const [siem, idp] = [await claimAll(CHANNELS[0]!), await claimAll(CHANNELS[1]!)];
      expect(siem).toHaveLength(1);
      expect(idp).toHaveLength(1);
      expect(siem[0]!.row).toEqual({
        id: siem[0]!.eventId,
        seed: expect.stringMatching(/^[0-9a-f-]{36}$/),
        event: {
          type: CAEP_SESSION_REVOKED,
          subjectId: user.id,
          at: T0,
          claims: { initiating_entity: 'user', reason_admin: { en: 'The user signed out' } },
        },
      });
      expect(idp[0]!.row).toEqual(siem[0]!.row);
      expect((await store.sessionRevocations.readSince(null, 3600)).sessions.map((row) => row.sessionId)).toEqual(['sid-1']);
    });

    it('writes neither the revocation nor its signal when the transaction around them fails', async () => {
      const store = createPostgresStore(database.db, { sessionSignals: CHANNELS });
      const user = await newUser();
      await expect(
        store.transaction(async (tx) => {
          await tx.sessionRevocations.revokeAllSessions(user.id, sessionRevokedBy('password_changed', user.id, T0));
          throw new Error('the rest of the change failed');
        }),
      ).rejects.toThrow('the rest of the change failed');
      expect(await claimAll(CHANNELS[0]!)).toEqual([]);
      expect((await store.users.findById(user.id))?.sessionGeneration).toBe(0);

      await store.transaction((tx) => tx.sessionRevocations.revokeAllSessions(user.id, sessionRevokedBy('password_changed', user.id, T0)));
      expect((await claimAll(CHANNELS[0]!)).map((item) => item.row.event.claims.reason_admin?.en)).toEqual([
        'The user changed their password, which ended every session of theirs',
      ]);
      expect((await store.users.findById(user.id))?.sessionGeneration).toBe(1);
    });

    it('deletes a signal, with its deliveries, once every delivery is done and it is SESSION_SIGNALS_KEPT_MS old: not a millisecond before, never while one is pending', async () => {
      const store = createPostgresStore(database.db, { sessionSignals: CHANNELS });
      const user = await newUser();
      const signOut = (sessionId: string, at: Date) =>
        store.sessionRevocations.revokeSession({
          sessionId,
          userId: user.id,
          expiresAt,
          signal: sessionRevokedBy('sign_out', user.id, at),
        });
      const signals = async () => (await database.db.select({ id: sessionSignals.id }).from(sessionSignals)).map((row) => row.id).sort();
      const deliveries = async () =>
        (await database.db.select({ eventId: webhookOutbox.eventId, channel: webhookOutbox.channel }).from(webhookOutbox))
          .map((row) => `${row.eventId} ${row.channel}`)
          .sort();
      const [siem, idp] = CHANNELS.map((channel) => createSessionSignalOutboxRepository(database.db, channel)) as [
        ReturnType<typeof createSessionSignalOutboxRepository>,
        ReturnType<typeof createSessionSignalOutboxRepository>,
      ];

      await signOut('sid-done', T0);
      await signOut('sid-pending', T0);
      const [done, pending] = await signals();
      // Done: delivered to one receiver, given up on by the other. Still owed: one receiver is still retrying.
      await siem.recordDelivered(done!, { at: T0, status: 202 });
      await idp.recordFailed(done!, { at: T0, error: 'HTTP 400 (final)', status: 400, retryAt: null });
      await siem.recordDelivered(pending!, { at: T0, status: 202 });
      await idp.recordFailed(pending!, { at: T0, error: 'HTTP 503', status: 503, retryAt: new Date(T0.getTime() + 60_000) });

      await signOut('sid-just-under', new Date(T0.getTime() + SESSION_SIGNALS_KEPT_MS - 1));
      expect(await signals()).toHaveLength(3);
      expect(await signals()).toEqual(expect.arrayContaining([done, pending]));

      await signOut('sid-at-the-bound', new Date(T0.getTime() + SESSION_SIGNALS_KEPT_MS));
      const kept = await signals();
      expect(kept).toHaveLength(3);
      expect(kept).not.toContain(done);
      expect(kept).toContain(pending);
      expect((await deliveries()).filter((row) => row.startsWith(`${done} `))).toEqual([]);
      expect(await deliveries()).toHaveLength(kept.length * CHANNELS.length);
      // The revocations themselves are not the signals': every sign-out still refuses its session.
      expect((await store.sessionRevocations.readSince(null, 3600)).sessions).toHaveLength(4);
    });

    it('queues nothing while no receiver is configured', async () => {
      const store = createPostgresStore(database.db);
      const user = await newUser();
      await store.sessionRevocations.revokeSession({
        sessionId: 'sid-2',
        userId: user.id,
        expiresAt,
        signal: sessionRevokedBy('sign_out', user.id, T0),
      });
      expect(await database.db.select().from(sessionSignals)).toEqual([]);
    });
  });
}
