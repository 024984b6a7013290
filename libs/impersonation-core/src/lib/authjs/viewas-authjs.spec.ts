import Credentials from '@auth/core/providers/credentials';
import { IMPERSONATE_PROVIDER_ID, RETURN_TO_ADMIN_PROVIDER_ID } from '../jwt-session/sign-in-attempts';
import { viewasAuthJs, type ViewasAuthJsOptions } from './viewas-authjs';

// Nothing here reaches the database: the wiring opens it on first use only.
const untouchedDatabase = () => {
  throw new Error('the database was opened while wiring');
};
const options = (providers: ViewasAuthJsOptions['providers']): ViewasAuthJsOptions => ({
  db: untouchedDatabase,
  secret: 'a-viewas-authjs-test-secret-long-enough-00',
  origin: 'https://app.example/api/auth',
  sessionMaxAgeSeconds: 3600,
  providers,
});
const appSignIn = Credentials({ credentials: { email: {}, password: {} }, authorize: async () => null });

describe('viewasAuthJs, an Auth.js v5 host in one call', () => {
  it("puts the app's own sign-in first and the core's two providers after it", () => {
    const { config } = viewasAuthJs(options([appSignIn]));
    expect(config.providers.map((provider) => (typeof provider === 'function' ? provider({}) : provider).id)).toEqual([
      'credentials',
      IMPERSONATE_PROVIDER_ID,
      RETURN_TO_ADMIN_PROVIDER_ID,
    ]);
  });

  it("names the cookies after the origin of the app's URL, with the codec under the same name", () => {
    const { config } = viewasAuthJs(options([appSignIn]));
    expect(config.cookies.sessionToken.name).toBe('__Host-authjs.session-token');
    expect(config.secret).toBe('a-viewas-authjs-test-secret-long-enough-00');
  });

  it.each([
    ['a provider', (id: string) => Credentials({ id, credentials: {}, authorize: async () => null })],
    ['a provider factory', (id: string) => () => Credentials({ id, credentials: {}, authorize: async () => null })],
  ])("refuses %s whose id is one of the core's, which would take over the session client's sign-in", (_, make) => {
    for (const id of [IMPERSONATE_PROVIDER_ID, RETURN_TO_ADMIN_PROVIDER_ID]) {
      expect(() => viewasAuthJs(options([make(id) as never]))).toThrow(`the provider id "${id}" is the core's own`);
    }
  });

  it('lets a read go on from its proxy without reading a session', async () => {
    const { proxy } = viewasAuthJs(options([appSignIn]));
    const answer = await proxy(new Request('https://app.example/settings', { headers: { cookie: '__Host-authjs.session-token=x' } }));
    expect(answer).toBeUndefined();
  });

  // The gate's 403 for a read-only view's write is walked in authjs-host.spec.ts, through Auth.js's own cookies.
  it("lets a write through its proxy when the cookie is no session (the route's own checks decide)", async () => {
    const { proxy } = viewasAuthJs(options([appSignIn]));
    const write = new Request('https://app.example/api/notes', { method: 'POST', headers: { cookie: '__Host-authjs.session-token=x' } });
    expect(await proxy(write)).toBeUndefined();
  });
});
