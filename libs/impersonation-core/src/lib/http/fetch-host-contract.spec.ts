import { browser } from '../../../testing/http-browser';
import { hashPassword, startFetchHost } from '../../../testing/fetch-host';
import { describeHostContract, type ContractAccount, type ContractBrowser } from '../../../testing/host-contract';
import { openMigratedDatabase, testDatabaseKinds } from '../../../testing/test-databases';
import { createPostgresStore } from '../postgres/postgres-store';

const PASSWORD = 'the host’s own password';
jest.setTimeout(30_000);

describe.each(testDatabaseKinds())('a plain Node server with the Fetch admin API on %s', (kind) => {
  let accounts = 0;
  describeHostContract(
    `createFetchAdminApi on node:http (${kind})`,
    {
      // The core's session endpoint: next-auth v4's answer, `{}` signed out.
      session: { path: '/api/auth/session', signedOut: {}, expiry: 'expires', exact: true },
      starts: [{ name: 'the admin API', path: '/api/admin/impersonate', takesOver: false, errors: 'envelope' }],
      writes: [
        { name: 'the host’s own route', method: 'POST', path: '/api/notes', body: { text: 'written in a view' }, errors: 'envelope' },
      ],
      // The host checks and stores its own passwords (its scrypt format) and hands the core no hasher.
      passwordChange: { by: 'host', password: PASSWORD },
    },
    async () => {
      const database = await openMigratedDatabase(kind);
      const host = await startFetchHost(database.db);
      const users = createPostgresStore(database.db).users;
      const passwordHash = hashPassword(PASSWORD);
      const post = async (client: ContractBrowser, path: string, body: object) => {
        const answer = await client.call('POST', path, body);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      };
      return {
        async account(role) {
          accounts += 1;
          const made = await users.create({ email: `${role}-${accounts}@fetch.test`, role, passwordHash });
          return { id: made.id, email: made.email };
        },
        async signIn(account: ContractAccount) {
          const client = browser(host.origin);
          await post(client, '/api/auth/callback/credentials', { email: account.email, password: PASSWORD });
          return client;
        },
        anonymous: () => browser(host.origin),
        takeOver: (client, impersonationId) => post(client, '/api/auth/callback/impersonate', { impersonationId }),
        completeReturn: (client, admin) => post(client, '/api/auth/callback/return-to-admin', { adminUserId: admin.id }),
        async close() {
          await host.close();
          await database.close();
        },
      };
    },
  );
});
