// The contract every host keeps (the session answer, the admin API under /api/admin, the read-only view, the
// ledger), written once and run over real HTTP against each host through a small harness: how the host signs
// its accounts in, takes a view over and returns from it, where its session answer lives. What a host answers
// differently is declared in its harness and asserted as that host's answer, so a difference shows in the
// test names instead of being skipped (docs/hosts.md lists them).
import {
  EndImpersonationResponseSchema,
  ImpersonateResponseSchema,
  LedgerPageSchema,
  REASON_MIN_LENGTH,
  ReturnToAdminResponseSchema,
} from '@viewas/admin-api';
import { READ_ONLY_CODE, READ_ONLY_MESSAGE } from '../src/lib/governance/read-only';
import { DEFAULT_IMPERSONATION_MAX_MINUTES } from '../src/lib/rules';

export interface ContractAnswer {
  status: number;
  // The answer's JSON, asserted field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A browser of the host: a cookie jar, every call same-origin with a JSON body. */
export interface ContractBrowser {
  call(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<ContractAnswer>;
  /** Another browser holding a copy of this one's cookies now: a saved cookie. */
  copy(): ContractBrowser;
}

export interface ContractAccount {
  id: string;
  email: string;
}

export type ContractRole = 'admin' | 'support' | 'user';

/**
 * How a host answers an error: the admin API's envelope `{ success: false, error: { code, message } }`, or
 * Better Auth's own `{ code, message }` (its endpoints' `APIError`).
 */
export type ErrorShape = 'envelope' | 'better-auth';

/** A way the host starts a view with `{ userId, reason, mode? }`. */
export interface StartRoute {
  /** In test names. */
  name: string;
  path: string;
  /** The start also made the caller's session the view (Better Auth's `/viewas/impersonate`); else `takeOver` does. */
  takesOver: boolean;
  errors: ErrorShape;
  /** The code of a body the route refuses to read (400): the admin API's `bad_request` unless declared. */
  badRequestCode?: string;
}

/** A state-changing request of the host (besides the account API) that a read-only view must be refused. */
export interface HostWrite {
  name: string;
  method: 'POST' | 'PATCH';
  path: string;
  body: unknown;
  errors: ErrorShape;
}

/** What a host declares before it starts: its routes and its documented differences. */
export interface HostDeclarations {
  /** Where the session answer is, what it is signed out, and where it carries the session's own end. */
  session: {
    path: string;
    /** next-auth v4 answers `{}`; Auth.js and Better Auth answer `null`. */
    signedOut: Record<string, never> | null;
    /** `expires` (next-auth, Auth.js) or Better Auth's `session.expiresAt`. */
    expiry: 'expires' | 'session.expiresAt';
    /**
     * The answer is exactly DESIGN's `{ user, expires, act? }` (next-auth, Auth.js), or it carries the host's own
     * fields besides (Better Auth's `session` object and its user's `name`, `image`, `createdAt`...).
     */
    exact: boolean;
  };
  /** Every way the host starts a view; the admin API's `POST /api/admin/impersonate` first. */
  starts: StartRoute[];
  /** The host's own writes behind its read-only gate (the account API's is asserted for every host). */
  writes: HostWrite[];
  /**
   * Who changes a password: the core, with the host's sign-in check and hasher (`POST /api/account/password`
   * checks the current one: a wrong one is 401 `invalid_password`), or the host's own authentication, which
   * hands the core no hasher: the route then answers 404 `not_found` even to the right `password`.
   */
  passwordChange: { by: 'core' } | { by: 'host'; password: string };
}

/** The running host. */
export interface HostHarness {
  /** A new account with this role, able to sign in. */
  account(role: ContractRole): Promise<ContractAccount>;
  signIn(account: ContractAccount): Promise<ContractBrowser>;
  /** A browser with no session. */
  anonymous(): ContractBrowser;
  /** The host's take-over of a started view (`impersonate` sign-in, or its own endpoint); throws when refused. */
  takeOver(browser: ContractBrowser, impersonationId: string): Promise<void>;
  /** The host's return to the admin's own session after the admin API's check; throws when refused. */
  completeReturn(browser: ContractBrowser, admin: ContractAccount): Promise<void>;
  close(): Promise<void>;
}

/** The account API's answer where the host changes passwords itself (`PASSWORDS_CHANGED_BY_HOST`, src/lib/http/admin-api-service.ts). */
const PASSWORDS_CHANGED_BY_HOST = 'This server changes passwords through its own sign-in, not this API';
const SOME_REASON = 'Ticket 4811: the invoices page is empty';
const MINUTE = 60_000;

function expectError(answer: ContractAnswer, status: number, code: string, shape: ErrorShape, message?: string): void {
  const detail = { code, message: message ?? expect.any(String) };
  expect(answer).toEqual({ status, body: shape === 'envelope' ? { success: false, error: detail } : detail });
}

/** A refused body: the status and code, besides the field issues each shape lists its own way. */
function expectBadRequest(answer: ContractAnswer, code: string, shape: ErrorShape): void {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject(shape === 'envelope' ? { success: false, error: { code, message: expect.any(String) } } : { code });
}

/** Two instants the same to the second: a session's claims keep whole seconds. */
const sameSecond = (at: string, other: string) => Math.abs(Date.parse(at) - Date.parse(other)) < 1_000;

/** The host's answers to `{ userId, reason }` and the rest of DESIGN §3 and §7, over real HTTP. */
export function describeHostContract(
  hostName: string,
  declared: HostDeclarations,
  startHost: () => Promise<HostHarness>,
  setupTimeoutMs = 120_000,
): void {
  const adminApiStart = declared.starts[0];
  if (adminApiStart?.path !== '/api/admin/impersonate') throw new Error('a host declares the admin API start first');
  const adminApiPath: string = adminApiStart.path;
  const sessionPath = declared.session.path;

  describe(`the host contract on ${hostName}`, () => {
    let host: HostHarness;

    beforeAll(async () => {
      host = await startHost();
    }, setupTimeoutMs);

    afterAll(async () => {
      await host?.close();
    });

    /** A staff browser viewing a new user through the admin API and the host's take-over. */
    async function viewing(admin?: ContractAccount) {
      const staff = admin ?? (await host.account('admin'));
      const target = await host.account('user');
      const browser = await host.signIn(staff);
      const started = await browser.call('POST', adminApiPath, { userId: target.id, reason: SOME_REASON });
      expect(started.status).toBe(200);
      const impersonationId: string = started.body.impersonationId;
      await host.takeOver(browser, impersonationId);
      return { admin: staff, target, browser, impersonationId, started: started.body };
    }

    interface LedgerRow {
      type: string;
      impersonationId: string | null;
      actor: ContractAccount | null;
      target: ContractAccount | null;
      reason: string | null;
      detail: Record<string, unknown>;
    }

    /** The ledger rows about this user, oldest first, as the admin API's audit lists them. */
    async function ledgerOf(reader: ContractBrowser, targetId: string): Promise<LedgerRow[]> {
      const audit = await reader.call('GET', `/api/admin/audit?target=${targetId}`);
      expect(audit.status).toBe(200);
      expect(LedgerPageSchema.safeParse(audit.body).success).toBe(true);
      return (audit.body.events as LedgerRow[]).reverse();
    }

    /**
     * This impersonation's ledger rows' types, oldest first; every row names the view's admin and user, except an
     * End's, which names the admin who ended it, and the start carries the reason.
     */
    async function ledgerTypes(
      reader: ContractBrowser,
      targetId: string,
      impersonationId: string,
      admin?: ContractAccount,
    ): Promise<string[]> {
      const rows = (await ledgerOf(reader, targetId)).filter((row) => row.impersonationId === impersonationId);
      expect(rows[0]).toMatchObject({ type: 'impersonation.started', reason: SOME_REASON, target: { id: targetId } });
      if (admin) for (const row of rows.filter((one) => one.type !== 'impersonation.ended')) expect(row.actor).toEqual(admin);
      return rows.map((row) => row.type);
    }

    /** The views of this user that are pending or running, as the admin API lists them. */
    async function liveViewsOf(reader: ContractBrowser, targetId: string): Promise<unknown[]> {
      const listed = await reader.call('GET', '/api/admin/impersonations?active=true');
      expect(listed.status).toBe(200);
      return (listed.body.impersonations as Array<{ target: { id: string } }>).filter((view) => view.target.id === targetId);
    }

    const expiryOf = (answer: ContractAnswer): string =>
      declared.session.expiry === 'expires' ? answer.body.expires : answer.body.session?.expiresAt;

    describe.each(declared.starts.map((route) => [route.name, route] as const))('starting through %s', (_name, route) => {
      it('starts a read-only view with a reason: 200 with impersonationId, targetUser, expiresAt and mode, and the view is the session', async () => {
        const admin = await host.account('admin');
        const target = await host.account('user');
        const browser = await host.signIn(admin);
        const before = Date.now();
        const started = await browser.call('POST', route.path, { userId: target.id, reason: SOME_REASON });
        expect(started).toEqual({
          status: 200,
          body: {
            success: true,
            impersonationId: expect.any(String),
            targetUser: { id: target.id, email: target.email },
            expiresAt: expect.any(String),
            mode: 'read_only',
          },
        });
        expect(ImpersonateResponseSchema.safeParse(started.body).success).toBe(true);
        const expiresAt = Date.parse(started.body.expiresAt);
        expect(expiresAt).toBeGreaterThan(before + (DEFAULT_IMPERSONATION_MAX_MINUTES - 1) * MINUTE);
        expect(expiresAt).toBeLessThanOrEqual(Date.now() + DEFAULT_IMPERSONATION_MAX_MINUTES * MINUTE + 1_000);
        if (!route.takesOver) await host.takeOver(browser, started.body.impersonationId);

        const session = await browser.call('GET', sessionPath);
        expect(session.status).toBe(200);
        const user = {
          id: target.id,
          email: target.email,
          role: 'user',
          isImpersonated: true,
          impersonator: { id: admin.id, email: admin.email },
          impersonationExpiresAt: expect.any(String),
          impersonationMode: 'read_only',
        };
        if (declared.session.exact)
          expect(session.body).toEqual({ user, expires: expect.any(String), act: { sub: admin.id, email: admin.email } });
        else expect(session.body.user).toMatchObject(user);
        expect(sameSecond(session.body.user.impersonationExpiresAt, started.body.expiresAt)).toBe(true);
        // RFC 8693: the actor is the admin, at the top level of the answer.
        expect(session.body.act).toEqual({ sub: admin.id, email: admin.email });
        // The session ends no later than the view.
        expect(Date.parse(expiryOf(session))).toBeGreaterThan(Date.now());
        expect(Date.parse(expiryOf(session))).toBeLessThanOrEqual(expiresAt + 1_000);
        expect(await ledgerTypes(await host.signIn(admin), target.id, started.body.impersonationId, admin)).toEqual([
          'impersonation.started',
          'impersonation.activated',
        ]);
      });

      it(`refuses a start without a reason, or with one shorter than ${REASON_MIN_LENGTH} characters (400), and starts no view`, async () => {
        const admin = await host.account('admin');
        const target = await host.account('user');
        const browser = await host.signIn(admin);
        const code = route.badRequestCode ?? 'bad_request';
        expectBadRequest(await browser.call('POST', route.path, { userId: target.id }), code, route.errors);
        expectBadRequest(await browser.call('POST', route.path, { userId: target.id, reason: '' }), code, route.errors);
        const short = 'x'.repeat(REASON_MIN_LENGTH - 1);
        expectBadRequest(await browser.call('POST', route.path, { userId: target.id, reason: short }), code, route.errors);
        expect(await liveViewsOf(browser, target.id)).toEqual([]);
        expect((await browser.call('GET', sessionPath)).body.user).toMatchObject({ id: admin.id, isImpersonated: false });
      });

      it('refuses a user who is not staff (403 forbidden), and a support agent’s start on an administrator (403 forbidden)', async () => {
        const userAccount = await host.account('user');
        const user = await host.signIn(userAccount);
        const target = await host.account('user');
        expectError(
          await user.call('POST', route.path, { userId: target.id, reason: SOME_REASON }),
          403,
          'forbidden',
          route.errors,
          'Only staff may do this',
        );
        const agent = await host.signIn(await host.account('support'));
        const admin = await host.account('admin');
        expectError(
          await agent.call('POST', route.path, { userId: admin.id, reason: SOME_REASON }),
          403,
          'forbidden',
          route.errors,
          'The access policy does not let your role view this account',
        );
        const reader = await host.signIn(await host.account('admin'));
        expect(await liveViewsOf(reader, target.id)).toEqual([]);
        expect(await liveViewsOf(reader, admin.id)).toEqual([]);
        // Each refusal is a ledger row naming who was refused and why.
        const [denied] = await ledgerOf(reader, target.id);
        expect(denied).toMatchObject({ type: 'impersonation.denied', actor: userAccount, detail: { attempt: 'start', why: 'not_admin' } });
      });

      it('refuses a start without a session (401 unauthenticated), and the admin API’s reads too', async () => {
        const target = await host.account('user');
        expectError(await host.anonymous().call('GET', '/api/admin/audit'), 401, 'unauthenticated', 'envelope', 'Sign in first');
        expectError(
          await host.anonymous().call('POST', route.path, { userId: target.id, reason: SOME_REASON }),
          401,
          'unauthenticated',
          route.errors,
          'Sign in first',
        );
      });

      it('refuses a start from inside a read-only view (403 read_only): the admin returns first', async () => {
        const { browser } = await viewing();
        const other = await host.account('user');
        expectError(
          await browser.call('POST', route.path, { userId: other.id, reason: SOME_REASON }),
          403,
          READ_ONLY_CODE,
          route.errors,
          READ_ONLY_MESSAGE,
        );
      });

      it('refuses a start while the admin already views that user in another session (409 conflict)', async () => {
        const { admin, target } = await viewing();
        const second = await host.signIn(admin);
        expectError(
          await second.call('POST', route.path, { userId: target.id, reason: SOME_REASON }),
          409,
          'conflict',
          route.errors,
          `You are already viewing as ${target.email} in another session; end it first`,
        );
        expect(await liveViewsOf(second, target.id)).toHaveLength(1);
      });
    });

    const { passwordChange } = declared;
    if (passwordChange.by === 'host')
      it('does not change passwords: the host’s own authentication does, so POST /api/account/password is 404 not_found even to the right password, and the session and the password stay', async () => {
        const user = await host.account('user');
        const browser = await host.signIn(user);
        const change = { currentPassword: passwordChange.password, newPassword: 'a new password of the user' };
        expectError(await browser.call('POST', '/api/account/password', change), 404, 'not_found', 'envelope', PASSWORDS_CHANGED_BY_HOST);
        expect((await browser.call('GET', sessionPath)).body.user).toMatchObject({ id: user.id, email: user.email });
        expect((await (await host.signIn(user)).call('GET', sessionPath)).body.user).toMatchObject({ id: user.id });
      });
    else
      it('checks the current password of a change (401 invalid_password to a wrong one) and keeps the session', async () => {
        const user = await host.account('user');
        const browser = await host.signIn(user);
        const change = { currentPassword: 'not the password of this user', newPassword: 'a new password of the user' };
        expectError(
          await browser.call('POST', '/api/account/password', change),
          401,
          'invalid_password',
          'envelope',
          'Your current password is not correct',
        );
        expect((await browser.call('GET', sessionPath)).body.user).toMatchObject({ id: user.id, email: user.email });
      });

    it('lets a support agent view an ordinary user, read-only', async () => {
      const agent = await host.account('support');
      const { browser, target } = await viewing(agent);
      expect((await browser.call('GET', sessionPath)).body.user).toMatchObject({
        id: target.id,
        impersonator: { id: agent.id, email: agent.email },
        impersonationMode: 'read_only',
      });
    });

    it('refuses every write in a read-only view (403 read_only): the account API’s and the host’s own', async () => {
      const { browser, target } = await viewing();
      const holder = await host.signIn(target);
      const before = await holder.call('GET', '/api/account/settings');
      expect(before.status).toBe(200);
      const settings = await browser.call('PATCH', '/api/account/settings', { displayName: 'Changed in a view' });
      expectError(settings, 403, READ_ONLY_CODE, 'envelope', READ_ONLY_MESSAGE);
      for (const write of declared.writes) {
        const refused = await browser.call(write.method, write.path, write.body);
        expectError(refused, 403, READ_ONLY_CODE, write.errors, READ_ONLY_MESSAGE);
      }
      // The view is still running, and nothing changed on the user's side.
      expect((await browser.call('GET', sessionPath)).body.user).toMatchObject({ isImpersonated: true });
      expect(await holder.call('GET', '/api/account/settings')).toEqual(before);
    });

    it('returns to the admin: 200 with the admin user, the session is the admin’s again, the view’s cookie no longer works, and the ledger reads started, activated, returned', async () => {
      const { browser, admin, target, impersonationId } = await viewing();
      const viewCookie = browser.copy();

      const checked = await browser.call('POST', '/api/admin/return-to-admin', {});
      expect(checked).toEqual({ status: 200, body: { success: true, adminUser: { id: admin.id, email: admin.email } } });
      expect(ReturnToAdminResponseSchema.safeParse(checked.body).success).toBe(true);
      await host.completeReturn(browser, admin);

      const back = await browser.call('GET', sessionPath);
      expect(back.body.user).toMatchObject({ id: admin.id, email: admin.email, role: 'admin', isImpersonated: false });
      expect(back.body.user.impersonator).toBeUndefined();
      expect(back.body.act).toBeUndefined();

      expect((await viewCookie.call('GET', sessionPath)).body).toEqual(declared.session.signedOut);
      expectError(await viewCookie.call('GET', '/api/admin/impersonations?active=true'), 401, 'unauthenticated', 'envelope');
      expect(await ledgerTypes(browser, target.id, impersonationId, admin)).toEqual([
        'impersonation.started',
        'impersonation.activated',
        'impersonation.returned',
      ]);
    });

    it('lets another admin End the view: 200 with the ended impersonation, the viewing browser is signed out, and the ledger reads started, activated, ended', async () => {
      const { browser, admin, target, impersonationId } = await viewing();
      const otherAdmin = await host.account('admin');
      const other = await host.signIn(otherAdmin);

      const ended = await other.call('POST', `/api/admin/impersonations/${impersonationId}/end`, {});
      expect(ended).toEqual({
        status: 200,
        body: {
          success: true,
          impersonation: {
            id: impersonationId,
            admin: { id: admin.id, email: admin.email },
            target: { id: target.id, email: target.email },
            reason: SOME_REASON,
            mode: 'read_only',
            createdAt: expect.any(String),
            startedAt: expect.any(String),
            expiresAt: expect.any(String),
            endedAt: expect.any(String),
            endReason: 'ended_by_admin',
            endedBy: { id: otherAdmin.id, email: otherAdmin.email },
            status: 'ended',
          },
        },
      });
      expect(EndImpersonationResponseSchema.safeParse(ended.body).success).toBe(true);

      expect((await browser.call('GET', sessionPath)).body).toEqual(declared.session.signedOut);
      expectError(await browser.call('GET', '/api/admin/impersonations?active=true'), 401, 'unauthenticated', 'envelope');
      expect(await liveViewsOf(other, target.id)).toEqual([]);
      const rows = await ledgerOf(other, target.id);
      expect(rows.at(-1)).toMatchObject({ type: 'impersonation.ended', actor: otherAdmin, impersonationId });
      expect(await ledgerTypes(other, target.id, impersonationId, admin)).toEqual([
        'impersonation.started',
        'impersonation.activated',
        'impersonation.ended',
      ]);
    });
  });
}
