import { CredentialsSignin } from '@auth/core/errors';
import type { SessionReader } from '../jwt-session/session-reader';
import { AuthJsRateLimitedError, createAuthJsImpersonationProviders } from './providers';

const refusal = (throttledUntil: Date | null) => ({
  ok: false as const,
  refusal: {
    attempt: null,
    why: 'not_allowed' as never,
    actor: null,
    target: null,
    recorded: false,
    throttledUntil,
    retryAfterSeconds: null,
  },
});

function providersAnswering(outcome: ReturnType<typeof refusal>) {
  const seen: (string | null)[] = [];
  const sessions: SessionReader = {
    fromToken: async () => ({ status: 'none' }),
    fromCookieHeader: async (cookieHeader) => {
      seen.push(cookieHeader ?? null);
      return { status: 'none' };
    },
  };
  const impersonation = { takeOver: async () => outcome, returnToAdmin: async () => outcome };
  const [impersonate, returnToAdmin] = createAuthJsImpersonationProviders({
    impersonation: impersonation as never,
    sessions,
    requestInfo: () => ({ ip: null, userAgent: null }),
  });
  return { impersonate, returnToAdmin, seen };
}

const request = (headers: Record<string, string>) =>
  new Request('http://localhost/api/auth/callback/impersonate', { method: 'POST', headers });

describe('the Auth.js v5 impersonation providers', () => {
  it('are hidden from the sign-in page: no credentials fields for Auth.js to render', () => {
    const { impersonate, returnToAdmin } = providersAnswering(refusal(null));
    expect([impersonate?.id, returnToAdmin?.id]).toEqual(['impersonate', 'return-to-admin']);
    expect(impersonate?.credentials).toBeNull();
  });

  it("read the caller's session from the Cookie header only, never a Bearer header", async () => {
    const { impersonate, seen } = providersAnswering(refusal(null));
    await impersonate?.authorize({ impersonationId: 'x' }, request({ cookie: 'authjs.session-token=abc', authorization: 'Bearer stolen' }));
    await impersonate?.authorize({ impersonationId: 'x' }, request({ authorization: 'Bearer stolen' }));
    expect(seen).toEqual(['authjs.session-token=abc', null]);
  });

  it('answer null for a refusal, which Auth.js reports as code=credentials like every other', async () => {
    const { returnToAdmin } = providersAnswering(refusal(null));
    await expect(returnToAdmin?.authorize({ adminUserId: 'someone' }, request({}))).resolves.toBeNull();
  });

  it("throw Auth.js's CredentialsSignin with code RateLimited when the address is over its limit", async () => {
    const { impersonate } = providersAnswering(refusal(new Date()));
    const thrown = await Promise.resolve(impersonate?.authorize({ impersonationId: 'x' }, request({}))).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(AuthJsRateLimitedError);
    expect(thrown).toBeInstanceOf(CredentialsSignin);
    expect((thrown as AuthJsRateLimitedError).code).toBe('RateLimited');
  });
});
