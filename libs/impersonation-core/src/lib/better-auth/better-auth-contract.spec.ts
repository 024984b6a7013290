import { TEST_DATABASE_URL } from '../../../testing/test-databases';
import { browser, PASSWORD, startBetterAuthHost } from '../../../testing/better-auth-host';
import { describeHostContract, type ContractBrowser } from '../../../testing/host-contract';
import { readOnlyResponse } from '../http/read-only-gate';

// Better Auth's migrations need PostgreSQL (see better-auth-plugin.spec.ts).
const describeOnPostgres = TEST_DATABASE_URL ? describe : describe.skip;

// Each sign-in hashes a password (scrypt) on a shared machine.
jest.setTimeout(30_000);

describeOnPostgres('Better Auth', () => {
  let accounts = 0;
  describeHostContract(
    'the Better Auth plugin (PostgreSQL)',
    {
      // Better Auth's own session endpoint: `{ session, user }` (`session.expiresAt`), `null` signed out.
      session: { path: '/api/auth/get-session', signedOut: null, expiry: 'session.expiresAt', exact: false },
      starts: [
        { name: 'the admin API', path: '/api/admin/impersonate', takesOver: false, errors: 'envelope' },
        // The plugin's own endpoint starts and takes over in one call, and answers in Better Auth's error shape:
        // its body validation is Better Auth's (400 VALIDATION_ERROR), the domain's refusals `{ code, message }`.
        {
          name: 'the plugin’s /viewas/impersonate',
          path: '/api/auth/viewas/impersonate',
          takesOver: true,
          errors: 'better-auth',
          badRequestCode: 'VALIDATION_ERROR',
        },
      ],
      writes: [
        // Better Auth's own profile write, refused by the plugin's hook in Better Auth's error shape.
        {
          name: 'Better Auth’s update-user',
          method: 'POST',
          path: '/api/auth/update-user',
          body: { name: 'Changed' },
          errors: 'better-auth',
        },
        { name: 'the host’s own route', method: 'POST', path: '/api/notes', body: { text: 'written in a view' }, errors: 'envelope' },
      ],
      // Better Auth keeps its accounts' passwords and changes them itself (its change-password endpoint).
      passwordChange: { by: 'host', password: PASSWORD },
    },
    async () => {
      const host = await startBetterAuthHost(TEST_DATABASE_URL as string, [], {
        path: '/api/notes',
        handle: async (refusesReadOnly, request) => {
          const refusal = await refusesReadOnly(request);
          return refusal ? readOnlyResponse(refusal) : Response.json({ success: true });
        },
      });
      const expectOk = async (answer: Promise<{ status: number; body: unknown }>) => {
        const { status, body } = await answer;
        if (status !== 200) throw new Error(`answered ${status}: ${JSON.stringify(body)}`);
      };
      return {
        async account(role) {
          accounts += 1;
          const email = `${role}-${accounts}@better-auth.test`;
          return { id: await host.signUp(email, role === 'user' ? undefined : role), email };
        },
        signIn: (account) => host.signedIn(account.email) as Promise<ContractBrowser>,
        anonymous: () => browser(host.origin),
        takeOver: (browser, impersonationId) => expectOk(browser.call('POST', '/api/auth/viewas/take-over', { impersonationId })),
        completeReturn: (browser) => expectOk(browser.call('POST', '/api/auth/viewas/stop-impersonating')),
        close: () => host.close(),
      };
    },
  );
});
