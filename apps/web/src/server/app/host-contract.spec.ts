// The app (next-auth v4) held to the contract every host keeps, the same suite the core's other hosts run
// (libs/impersonation-core/testing/host-contract.ts), over real HTTP on each test database.
import { describeHostContract, type ContractBrowser } from '@viewas/impersonation-core/testing/host-contract';
import { createTestDatabase, testDatabaseKinds } from '../../../testing/server/test-database';
import { startTestApp } from '../../../testing/server/test-app';
import type { TestBrowser } from '../../../testing/server/test-browser';

jest.setTimeout(30_000);

/** The contract's browser over the app's test browser. */
function contractBrowser(browser: TestBrowser): ContractBrowser {
  return {
    async call(method, path, body) {
      const { status, body: answer } = await browser.api(method, path, body);
      return { status, body: answer };
    },
    copy: () => contractBrowser(browser.clone()),
  };
}

async function signInOrThrow(browser: TestBrowser, provider: string, fields: Record<string, string>): Promise<void> {
  const result = await browser.signIn(provider, fields);
  if (!result.ok || result.error) throw new Error(`${provider} sign-in refused: ${result.error}`);
}

describe.each(testDatabaseKinds())('the app on %s', (kind) => {
  const browsers = new WeakMap<ContractBrowser, TestBrowser>();
  const wrap = (browser: TestBrowser) => {
    const wrapped = contractBrowser(browser);
    browsers.set(wrapped, browser);
    return wrapped;
  };
  const testBrowser = (browser: ContractBrowser) => {
    const found = browsers.get(browser);
    if (!found) throw new Error('not a browser of this host');
    return found;
  };

  describeHostContract(
    `the app, next-auth v4 (${kind})`,
    {
      session: { path: '/api/auth/session', signedOut: {}, expiry: 'expires', exact: true },
      starts: [{ name: 'the admin API', path: '/api/admin/impersonate', takesOver: false, errors: 'envelope' }],
      // next-auth's own sign-in is a write too: refused by the app's proxy before next-auth reads it.
      writes: [{ name: 'next-auth’s sign-in', method: 'POST', path: '/api/auth/callback/credentials', body: {}, errors: 'envelope' }],
      // The app hands the core its sign-in check and its hasher: the account API changes passwords.
      passwordChange: { by: 'core' },
    },
    async () => {
      const database = await createTestDatabase(kind);
      const app = await startTestApp({ database });
      return {
        async account(role) {
          const user = await app.createUser({ role });
          return { id: user.id, email: user.email };
        },
        signIn: async (account) => wrap(await app.signedIn(account)),
        anonymous: () => wrap(app.browser()),
        takeOver: (browser, impersonationId) => signInOrThrow(testBrowser(browser), 'impersonate', { impersonationId }),
        completeReturn: (browser, admin) => signInOrThrow(testBrowser(browser), 'return-to-admin', { adminUserId: admin.id }),
        async close() {
          await app.close();
          await database.close();
        },
      };
    },
  );
});
