import { AUTHJS_PASSWORD, startAuthJsHost } from '../../../testing/authjs-host';
import { browser, type Browser } from '../../../testing/http-browser';
import { describeHostContract, type ContractBrowser } from '../../../testing/host-contract';
import { openMigratedDatabase, testDatabaseKinds } from '../../../testing/test-databases';
import { createPostgresStore } from '../postgres/postgres-store';

jest.setTimeout(30_000);

/** next-auth/react's `signIn(provider, { redirect: false, ...fields })` on the wire; throws when Auth.js refuses it. */
async function signIn(client: ContractBrowser, origin: string, provider: string, fields: Record<string, string>): Promise<void> {
  const { csrfToken } = (await client.call('GET', '/api/auth/csrf')).body as { csrfToken: string };
  const answer = await (client as Browser).form(
    `/api/auth/callback/${provider}`,
    { ...fields, csrfToken, callbackUrl: origin },
    { 'x-auth-return-redirect': '1' },
  );
  const error = answer.body?.url ? new URL(answer.body.url).searchParams.get('error') : `status ${answer.status}`;
  if (error) throw new Error(`${provider} sign-in refused: ${error}`);
}

describe.each(testDatabaseKinds())('Auth.js v5 on %s', (kind) => {
  let accounts = 0;
  describeHostContract(
    `the Auth.js v5 adapter in @auth/core's Auth() (${kind})`,
    {
      // Auth.js's own session endpoint: DESIGN's answer, but `null` signed out (next-auth v4: `{}`).
      session: { path: '/api/auth/session', signedOut: null, expiry: 'expires', exact: true },
      starts: [{ name: 'the admin API', path: '/api/admin/impersonate', takesOver: false, errors: 'envelope' }],
      writes: [
        { name: 'the host’s own route', method: 'POST', path: '/api/notes', body: { text: 'written in a view' }, errors: 'envelope' },
      ],
      // Auth.js's credentials are the host's own `authorize`: the core gets no hasher, the host changes passwords.
      passwordChange: { by: 'host', password: AUTHJS_PASSWORD },
    },
    async () => {
      const database = await openMigratedDatabase(kind);
      const host = await startAuthJsHost(database.db);
      const users = createPostgresStore(database.db).users;
      return {
        async account(role) {
          accounts += 1;
          const made = await users.create({ email: `${role}-${accounts}@authjs.test`, role, passwordHash: 'unused' });
          return { id: made.id, email: made.email };
        },
        async signIn(account) {
          const client = browser(host.origin);
          await signIn(client, host.origin, 'credentials', { email: account.email, password: AUTHJS_PASSWORD });
          return client;
        },
        anonymous: () => browser(host.origin),
        takeOver: (client, impersonationId) => signIn(client, host.origin, 'impersonate', { impersonationId }),
        completeReturn: (client, admin) => signIn(client, host.origin, 'return-to-admin', { adminUserId: admin.id }),
        async close() {
          await host.close();
          await database.close();
        },
      };
    },
  );
});
