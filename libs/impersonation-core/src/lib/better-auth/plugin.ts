import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware, getIP, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie, setSessionCookie } from 'better-auth/cookies';
import { ImpersonateRequestSchema, ReauthRequestSchema, RefusalError, refusalAnswer } from '@viewas/admin-api/server';
import { z } from 'zod';
import { refusalError } from '../http/admin-api-service';
import type { Outcome } from '../create-impersonation';
import { isStateChanging, READ_ONLY_CODE, READ_ONLY_MESSAGE } from '../governance/read-only';
import type { RequestInfo } from '../model';
import { toEpochSeconds, type ImpersonationClaim } from '../session';
import {
  createPostgresImpersonation,
  type PostgresImpersonation,
  type PostgresImpersonationOptions,
} from '../postgres/postgres-impersonation';
import { createPostgresStore } from '../postgres/postgres-store';
import { createBetterAuthSessions, type BetterAuthSessions, type FoundSession } from './better-auth-sessions';
import { VIEWAS_SESSION_FIELDS, type BetterAuthSessionRow, type BetterAuthUserRow } from './session-rows';
import { toViewSession } from './view-session';

/** The plugin's `id` in Better Auth's `plugins`: the admin API and the read-only gate find the plugin by it. */
export const VIEWAS_PLUGIN_ID = 'viewas';
/** The signed cookie that keeps the admin's own session token (and whether it was "remember me") during a view. */
export const ADMIN_SESSION_COOKIE = 'viewas_admin_session';
/** Better Auth's paths a read-only view may still post to: only what leaving the view needs. */
export const OPEN_DURING_READ_ONLY_VIEW = ['/sign-out', '/viewas/stop-impersonating'] as const;
/** The admin plugin's own impersonation, which would bypass every rule here: refused while this plugin runs. */
export const REPLACED_ADMIN_ENDPOINTS = ['/admin/impersonate-user', '/admin/stop-impersonating'] as const;

/**
 * `viewas(...)`'s options: `createPostgresImpersonation`'s, less what Better Auth supplies (the session
 * lifetime, from its `session.expiresIn`, and the password check, against its own `credential` account).
 */
export type ViewasOptions = Omit<PostgresImpersonationOptions, 'sessionMaxAgeSeconds' | 'passwords'>;

/** What the plugin holds once Better Auth has initialised it: the domain and the session adapter. */
export interface ViewasServices extends PostgresImpersonation {
  /** Better Auth's sessions as the domain sees them: a view's session rows are read, checked and deleted through it. */
  sessions: BetterAuthSessions;
}

/** Any endpoint's context, as Better Auth's cookie helpers take it. */
type EndpointContext = Parameters<typeof setSessionCookie>[0];
type ApiErrorStatus = ConstructorParameters<typeof APIError>[0];

/** A refusal as Better Auth's error: its code, message, status and headers (Better Auth answers any other throw with a bare 500). */
function betterAuthError(error: RefusalError): APIError {
  const headers: HeadersInit = error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
  return new APIError(refusalAnswer(error).status as ApiErrorStatus, { code: error.code, message: error.message }, headers);
}

/** A refusal of the domain as Better Auth's error. */
const refusal = (outcome: Extract<Outcome<unknown>, { ok: false }>): APIError => betterAuthError(refusalError(outcome.refusal));

/** Runs `work`, answering a refusal it throws (a consent rule's: a break-glass refused) as Better Auth's error. */
async function answeringRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof RefusalError ? betterAuthError(error) : error;
  }
}

const valueOf = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw refusal(outcome);
  return outcome.value;
};

/**
 * Viewas as a Better Auth server plugin: a staff member views a user's account through Better Auth's own
 * sessions, with every rule of the domain (policy, consent and approvals, step-up, read-only views, hard
 * expiry, the ledger and its notices). The domain's tables are the host's to migrate (this package's
 * `drizzle/` folder, on the same PostgreSQL); the plugin's session fields are Better Auth's
 * (`npx @better-auth/cli migrate`). Accounts stay Better Auth's: each is mirrored into the domain's `users`
 * under the same id (Better Auth must make UUID ids), with the admin plugin's `role` and `banned`.
 */
export function viewas(options: ViewasOptions) {
  let services: ViewasServices | undefined;
  const ready = (): ViewasServices => {
    if (!services) throw new Error('viewas: Better Auth has not initialised this plugin yet');
    return services;
  };

  const requestOf = (ctx: EndpointContext): RequestInfo => {
    const headers = ctx.request?.headers ?? ctx.headers;
    return {
      ip: headers ? (getIP(headers, ctx.context.options) ?? null) : null,
      userAgent: headers?.get('user-agent')?.slice(0, 512) ?? null,
    };
  };

  /** The caller's session rows as stored (with this plugin's fields), or `null`. */
  async function callerOf(ctx: EndpointContext): Promise<FoundSession | null> {
    const found = await getSessionFromCtx(ctx, { disableCookieCache: true });
    if (!found) return null;
    return ready().sessions.rowsOf(found.session.token);
  }

  /** Turns the caller's session into the target's view: a new session row bound to the domain's claim. */
  async function enterView(ctx: EndpointContext, admin: FoundSession, claim: ImpersonationClaim, targetId: string) {
    const adapter = ctx.context.internalAdapter;
    const target = await adapter.findUserById(targetId);
    if (!target) throw new APIError('NOT_FOUND', { code: 'not_found', message: 'User not found' });
    const fields: Partial<BetterAuthSessionRow> = {
      impersonatedBy: claim.adminId,
      impersonationId: claim.id,
      impersonationMode: claim.mode,
      impersonationClaim: JSON.stringify(claim),
      // The view's hard expiry, never renewed: the session is "don't remember me", which Better Auth never refreshes.
      expiresAt: new Date(claim.expiresAt * 1000),
    };
    const session = await adapter.createSession(targetId, true, fields, true);
    if (!session) throw new APIError('INTERNAL_SERVER_ERROR', { code: 'internal', message: 'Could not start the view' });
    const authCookies = ctx.context.authCookies;
    const rememberedNot = await ctx.getSignedCookie(authCookies.dontRememberToken.name, ctx.context.secret);
    const adminCookie = ctx.context.createAuthCookie(ADMIN_SESSION_COOKIE);
    await ctx.setSignedCookie(adminCookie.name, `${admin.session.token}:${rememberedNot ? '1' : ''}`, ctx.context.secret, {
      ...authCookies.sessionToken.attributes,
      maxAge: Math.max(1, claim.expiresAt - toEpochSeconds(new Date())),
    });
    await setSessionCookie(ctx, { session, user: target }, true);
    return { session, user: target };
  }

  /** The admin's own session back after a return; signed out when it is gone (it ended while they viewed). */
  async function leaveView(ctx: EndpointContext, adminId: string): Promise<boolean> {
    const adminCookie = ctx.context.createAuthCookie(ADMIN_SESSION_COOKIE);
    const kept = await ctx.getSignedCookie(adminCookie.name, ctx.context.secret);
    ctx.setCookie(adminCookie.name, '', { ...adminCookie.attributes, maxAge: 0 });
    const [token = '', rememberedNot = ''] = typeof kept === 'string' ? kept.split(':') : [];
    const admin = token ? await ctx.context.internalAdapter.findSession(token) : null;
    if (!admin || admin.session.userId !== adminId || admin.session.expiresAt.getTime() <= Date.now()) {
      deleteSessionCookie(ctx);
      return false;
    }
    await setSessionCookie(ctx, admin, rememberedNot === '1');
    return true;
  }

  const viewAnswer = (claim: ImpersonationClaim, target: { id: string; email: string }) => ({
    success: true as const,
    impersonationId: claim.id,
    targetUser: target,
    expiresAt: new Date(claim.expiresAt * 1000).toISOString(),
    mode: claim.mode,
  });

  async function takeOverAndEnter(ctx: EndpointContext, caller: FoundSession, impersonationId: string) {
    const { impersonation, sessions } = ready();
    const grant = valueOf(
      await impersonation.takeOver({ session: await sessions.stateOf(caller), impersonationId, request: requestOf(ctx) }),
    );
    const claim = grant.claims.impersonation;
    if (!claim) throw new Error('a take-over granted a session without its impersonation');
    await enterView(ctx, caller, claim, grant.id);
    return viewAnswer(claim, { id: grant.id, email: grant.email });
  }

  const endpoints = {
    /**
     * Start (policy, consent, four-eyes, step-up) and, when nothing has to wait, take the view over at once:
     * the caller's browser is then the user's, read-only unless the policy allowed `full`.
     */
    viewasImpersonate: createAuthEndpoint(
      '/viewas/impersonate',
      { method: 'POST', body: ImpersonateRequestSchema, requireHeaders: true },
      async (ctx) => {
        const caller = await callerOf(ctx);
        const { impersonation, sessions } = ready();
        const { userId, reason, mode, breakGlass } = ctx.body;
        const started = valueOf(
          await answeringRefusals(async () =>
            impersonation.start({ session: await sessions.stateOf(caller), userId, reason, mode, breakGlass, request: requestOf(ctx) }),
          ),
        );
        if ('pendingApproval' in started) {
          const { id, approvers } = started.pendingApproval;
          ctx.setStatus(202);
          return ctx.json({ success: true as const, status: 'pending_approval' as const, requestId: id, approvers });
        }
        if (!caller) throw new APIError('UNAUTHORIZED', { code: 'unauthenticated', message: 'Sign in first' });
        return ctx.json(await takeOverAndEnter(ctx, caller, started.impersonationId));
      },
    ),
    /** Take over a view started through the admin API (`POST /api/admin/impersonate`), within its pending window. */
    viewasTakeOver: createAuthEndpoint(
      '/viewas/take-over',
      { method: 'POST', body: z.object({ impersonationId: z.uuid() }), requireHeaders: true },
      async (ctx) => {
        const caller = await callerOf(ctx);
        if (!caller) throw new APIError('UNAUTHORIZED', { code: 'unauthenticated', message: 'Sign in first' });
        return ctx.json(await takeOverAndEnter(ctx, caller, ctx.body.impersonationId));
      },
    ),
    /**
     * Back to the admin's own session. Bound to server state: the view's session row names its impersonation
     * and admin, and the domain ends it in one atomic statement; the view's session row is deleted either way.
     */
    viewasStopImpersonating: createAuthEndpoint('/viewas/stop-impersonating', { method: 'POST', requireHeaders: true }, async (ctx) => {
      const caller = await callerOf(ctx);
      const { impersonation, sessions } = ready();
      const state = await sessions.stateOf(caller);
      const claimedAdminId = state.status === 'none' || state.status === 'invalid' ? null : (state.claims.impersonation?.adminId ?? null);
      const outcome = await impersonation.returnToAdmin({ session: state, claimedAdminId, request: requestOf(ctx) });
      if (caller?.session.impersonationId) await sessions.revokeView(caller.session.impersonationId);
      if (!outcome.ok) {
        if (caller?.session.impersonationId) deleteSessionCookie(ctx);
        throw refusal(outcome);
      }
      const restored = await leaveView(ctx, outcome.value.id);
      return ctx.json({ success: true as const, adminUser: { id: outcome.value.id, email: outcome.value.email }, restored });
    }),
    /** Any admin ends any view (support agents their own): the domain's End, then the view's session rows go. */
    viewasEnd: createAuthEndpoint(
      '/viewas/end',
      { method: 'POST', body: z.object({ impersonationId: z.uuid() }), requireHeaders: true },
      async (ctx) => {
        const { impersonation, sessions } = ready();
        const ended = valueOf(
          await impersonation.end({
            session: await sessions.stateOf(await callerOf(ctx)),
            impersonationId: ctx.body.impersonationId,
            request: requestOf(ctx),
          }),
        );
        await sessions.revokeView(ended.id);
        return ctx.json({ success: true as const, impersonation: impersonation.toRecord(ended) });
      },
    ),
    /** Step-up: the password again (Better Auth's own hash), before a start that asked for it. */
    viewasReauth: createAuthEndpoint('/viewas/reauth', { method: 'POST', body: ReauthRequestSchema, requireHeaders: true }, async (ctx) => {
      const { impersonation, sessions } = ready();
      valueOf(
        await impersonation.reauth({
          session: await sessions.stateOf(await callerOf(ctx)),
          password: ctx.body.password,
          request: requestOf(ctx),
        }),
      );
      return ctx.json({ success: true as const });
    }),
  };

  return {
    id: VIEWAS_PLUGIN_ID,
    init(context) {
      const database = options.db;
      services = (() => {
        const wired = createPostgresImpersonation({
          ...options,
          sessionMaxAgeSeconds: context.sessionConfig.expiresIn,
          passwords: {
            async check(user, password) {
              const accounts = await context.internalAdapter.findAccounts(user.id);
              const hash = accounts.find((account) => account.providerId === 'credential')?.password;
              const ok = hash ? await context.password.verify({ hash, password }) : false;
              return ok ? { ok: true } : { ok: false, throttledUntil: null };
            },
          },
        });
        const store = async () => createPostgresStore(await (typeof database === 'function' ? database() : database), options.storeOptions);
        const adapters = {
          findSession: (token: string) => context.internalAdapter.findSession(token),
          deleteViewSessions: async (impersonationId: string) => {
            await context.adapter.deleteMany({ model: 'session', where: [{ field: 'impersonationId', value: impersonationId }] });
          },
        };
        return { ...wired, sessions: createBetterAuthSessions({ impersonation: wired.impersonation, store, adapters: () => adapters }) };
      })();
      if (context.options.advanced?.database?.generateId !== 'uuid') {
        throw new Error("viewas: Better Auth must make UUID ids (advanced.database.generateId: 'uuid'), the domain's user ids");
      }
      return {
        options: {
          databaseHooks: {
            user: {
              create: { after: async (user: BetterAuthUserRow) => void (await ready().sessions.mirror(user)) },
              update: { after: async (user: BetterAuthUserRow) => void (await ready().sessions.mirror(user)) },
            },
            // A sign-in brings the account's mirror up to date (one made before this plugin, a role set in SQL).
            session: {
              create: {
                after: async (session: { userId: string }) => {
                  const user = await context.internalAdapter.findUserById(session.userId);
                  if (user) await ready().sessions.mirror(user as BetterAuthUserRow);
                },
              },
            },
          },
        },
      };
    },
    endpoints,
    hooks: {
      before: [
        {
          matcher: (ctx) => (REPLACED_ADMIN_ENDPOINTS as readonly string[]).includes(ctx.path ?? ''),
          handler: createAuthMiddleware(async () => {
            throw new APIError('FORBIDDEN', {
              code: 'forbidden',
              message: 'Impersonation runs through viewas here (/viewas/impersonate), with its policy, consent and ledger',
            });
          }),
        },
        {
          // A read-only view changes nothing through Better Auth either (profile, e-mail, password, sessions).
          matcher: (ctx) =>
            isStateChanging(ctx.request?.method ?? 'GET') && !(OPEN_DURING_READ_ONLY_VIEW as readonly string[]).includes(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const found = await getSessionFromCtx(ctx);
            const mode = (found?.session as Partial<BetterAuthSessionRow> | undefined)?.impersonationMode;
            if (found && mode !== 'full' && (found.session as Partial<BetterAuthSessionRow>).impersonationId) {
              throw new APIError('FORBIDDEN', { code: READ_ONLY_CODE, message: READ_ONLY_MESSAGE });
            }
          }),
        },
      ],
      after: [
        {
          // A view's sessions are not the user's to see or revoke, and the claim never leaves the server.
          matcher: (ctx) => ctx.path === '/list-sessions',
          handler: createAuthMiddleware(async (ctx) => {
            const listed = ctx.context.returned;
            if (!Array.isArray(listed)) return;
            return ctx.json((listed as Partial<BetterAuthSessionRow>[]).filter((session) => !session.impersonationId));
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/get-session',
          handler: createAuthMiddleware(async (ctx) => {
            const answer = ctx.context.returned;
            if (!answer || answer instanceof Response || typeof answer !== 'object') return;
            const returned = answer as { session?: BetterAuthSessionRow; user?: object };
            const token = returned.session?.token;
            if (!token) return;
            const { sessions } = ready();
            const found = await sessions.rowsOf(token);
            if (!found) return;
            if (!found.session.impersonationId) return ctx.json(toViewSession(returned, found.user, null));
            const state = await sessions.stateOf(found);
            if (state.status !== 'valid') {
              // Ended, returned or expired elsewhere: this row goes now, and the browser is signed out of it.
              await sessions.revokeView(found.session.impersonationId);
              deleteSessionCookie(ctx);
              return ctx.json(null);
            }
            return ctx.json(toViewSession(returned, found.user, state.claims.impersonation ?? null));
          }),
        },
      ],
    },
    schema: {
      user: { fields: { role: { type: 'string', required: false, input: false } } },
      session: { fields: VIEWAS_SESSION_FIELDS },
    },
    rateLimit: [{ window: 60, max: 10, pathMatcher: (path: string) => path === '/viewas/reauth' }],
    /** The wired domain, for the admin API handler (`viewasAdminApi`). */
    services: ready,
  } satisfies BetterAuthPlugin & { services: () => ViewasServices };
}

/** The Better Auth server plugin `viewas(...)` returns; the client plugin's type-only link to its endpoints. */
export type ViewasPlugin = ReturnType<typeof viewas>;
