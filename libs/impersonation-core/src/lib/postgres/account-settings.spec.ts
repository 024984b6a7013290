import { randomUUID } from 'node:crypto';
import { openMigratedDatabase, testDatabaseKinds, type MigratedDatabase } from '../../../testing/test-databases';
import { createManualClock } from '../clock';
import type { SupportAccess } from '../consent/start-gate';
import { signInClaims } from '../session';
import { createAccountSettingsStore } from './account-settings';
import { createPostgresImpersonation } from './postgres-impersonation';
import { createPostgresStore } from './postgres-store';

for (const kind of testDatabaseKinds()) {
  describe(`account settings of many users on ${kind}`, () => {
    let database: MigratedDatabase;
    const clock = createManualClock('2030-01-01T10:00:00.000Z');

    beforeEach(async () => {
      database = await openMigratedDatabase(kind);
    }, 60_000);
    afterEach(() => database?.close());

    it('reads the settings of each user found as a read of one would, defaults where none were saved, leaving out who is not found', async () => {
      const users = createPostgresStore(database.db).users;
      const settings = createAccountSettingsStore(database.db);
      const chose = await users.create({ email: 'chose@example.com', name: 'Ada' });
      const unset = await users.create({ email: 'unset@example.com' });
      await settings.transaction((unit) =>
        unit.save(chose.id, { displayName: 'Ada', supportAccess: 'never', emailNotifications: false }, clock.now()),
      );

      const read = await settings.readMany([chose.id, unset.id, chose.id, randomUUID(), 'not-a-uuid']);

      expect([...read.keys()].sort()).toEqual([chose.id, unset.id].sort());
      expect(read.get(chose.id)).toEqual({ displayName: 'Ada', supportAccess: 'never', emailNotifications: false });
      expect(read.get(unset.id)).toEqual({ displayName: null, supportAccess: 'allowed', emailNotifications: true });
      expect(read.get(chose.id)).toEqual(await settings.read(chose.id));
      expect(read.get(unset.id)).toEqual(await settings.read(unset.id));
      expect(await settings.readMany([])).toEqual(new Map());
    });

    it('lists users with the approvals of their own stored choice, or of the default for who never chose, through createPostgresImpersonation', async () => {
      const { impersonation, accountSettings } = createPostgresImpersonation({ db: database.db, clock, sessionMaxAgeSeconds: 24 * 3600 });
      const users = createPostgresStore(database.db).users;
      const admin = await users.create({ email: 'admin@example.com', role: 'admin' });
      const choose = async (email: string, supportAccess: SupportAccess) => {
        const user = await users.create({ email });
        expect(await accountSettings.change({ user, patch: { supportAccess }, editor: { kind: 'self' } })).toMatchObject({ ok: true });
      };
      await choose('asks@example.com', 'ask');
      await choose('never@example.com', 'never');
      await users.create({ email: 'unset@example.com' });
      const staffOutcome = await impersonation.staffOf({ status: 'valid', claims: signInClaims(admin, clock.now()), refreshed: false });
      if (!staffOutcome.ok) throw new Error('the admin is not staff');

      const { users: listed } = await impersonation.listUsers(staffOutcome.value, {});
      const approvalsOf = (email: string) => listed.find((user) => user.email === email)?.approvals;

      expect(approvalsOf('asks@example.com')).toEqual([
        { mode: 'read_only', approvers: ['user'] },
        { mode: 'full', approvers: ['user', 'admin'] },
      ]);
      expect(approvalsOf('never@example.com')).toBeUndefined();
      expect(approvalsOf('unset@example.com')).toEqual([
        { mode: 'read_only', approvers: [] },
        { mode: 'full', approvers: ['admin'] },
      ]);
    });
  });
}
