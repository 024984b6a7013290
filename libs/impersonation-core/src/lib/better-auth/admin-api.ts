import type { CookieSessions } from '../http/admin-api-service';
import { createFetchAdminApi, type FetchAdminApi, type FetchAdminApiOptions } from '../http/fetch-admin-api';
import { createReadOnlyGate, readOnlyResponse, type ReadOnlyGate, type ReadOnlyGateOptions } from '../http/read-only-gate';
import { NO_REQUEST } from '../model';
import { VIEWAS_PLUGIN_ID, type ViewasServices } from './plugin';

/** What the adapters need of a Better Auth instance (`betterAuth({ plugins: [viewas(...)] })`). */
export interface BetterAuthInstance {
  /** Better Auth's server API: only `getSession` is called, with the cookie cache off, so an ended view is seen at once. */
  api: {
    getSession(input: { headers: Headers; query?: { disableCookieCache?: boolean } }): Promise<{ session: { token: string } } | null>;
  };
  /** The instance's options: its `plugins` must hold `viewas(...)`, or the adapter throws when made. */
  options: { plugins?: readonly unknown[] };
  /** Better Auth's initialisation: awaited before the plugin's domain is first used. */
  $context: Promise<unknown>;
}

/**
 * `viewasAdminApi`'s options: `createFetchAdminApi`'s, less what the plugin supplies (the domain, consent, account
 * settings, the sessions and the End's session cleanup), plus the Better Auth instance that holds the plugin.
 */
export type ViewasAdminApiOptions = Omit<
  FetchAdminApiOptions,
  'impersonation' | 'sessions' | 'consent' | 'accountSettings' | 'onViewEnded'
> & {
  auth: BetterAuthInstance;
};

const isViewas = (plugin: unknown): plugin is { id: string; services: () => ViewasServices } =>
  typeof plugin === 'object' && plugin !== null && (plugin as { id?: unknown }).id === VIEWAS_PLUGIN_ID;

/** The plugin's domain once Better Auth has initialised it. */
function servicesOf(auth: BetterAuthInstance): () => Promise<ViewasServices> {
  const plugin = auth.options.plugins?.find(isViewas);
  if (!plugin) throw new Error("viewas: add viewas(...) to this Better Auth instance's plugins first");
  return async () => {
    await auth.$context;
    return plugin.services();
  };
}

/** The caller as the domain sees them, from Better Auth's session cookie (a view's checked against the domain). */
function cookieSessions(auth: BetterAuthInstance, services: () => Promise<ViewasServices>): CookieSessions {
  return {
    async fromCookieHeader(cookie) {
      if (!cookie) return { status: 'none' };
      const { sessions } = await services();
      const found = await auth.api.getSession({ headers: new Headers({ cookie }), query: { disableCookieCache: true } });
      return sessions.stateOf(found ? await sessions.rowsOf(found.session.token) : null);
    },
  };
}

/**
 * The admin and account API (`createFetchAdminApi`) of a Better Auth host: the caller is whoever Better Auth's
 * session cookie says, a read-only view's writes are refused (`403 read_only`) before the API reads them, and an End
 * deletes the view's Better Auth sessions before it answers.
 */
export function viewasAdminApi({ auth, ...options }: ViewasAdminApiOptions): Pick<FetchAdminApi, 'fetch'> {
  const services = servicesOf(auth);
  let api: Promise<FetchAdminApi> | undefined;
  const built = () =>
    (api ??= services().then(({ impersonation, consent, accountSettings, sessions }) =>
      createFetchAdminApi({
        ...options,
        impersonation,
        consent,
        accountSettings,
        onViewEnded: sessions.revokeView,
        sessions: cookieSessions(auth, services),
      }),
    ));
  // A Better Auth host has no proxy in front of every route (a Next.js host's gate), so the API asks the gate itself:
  // without it a read-only view could change the user's account settings.
  const refusesReadOnly = viewasReadOnlyGate({ auth, origin: options.origin });
  return {
    async fetch(request) {
      const refusal = await refusesReadOnly(request);
      return refusal ? readOnlyResponse(refusal) : (await built()).fetch(request);
    },
  };
}

/**
 * The read-only gate (`createReadOnlyGate`) for a Better Auth host's own routes: ask it before each state-changing
 * request outside Better Auth's base path (the plugin guards Better Auth's endpoints itself, and the gate's open
 * paths are the admin API's and next-auth's, so Better Auth's return would be refused by it).
 */
export function viewasReadOnlyGate({
  auth,
  origin,
  requestInfo = () => NO_REQUEST,
}: { auth: BetterAuthInstance } & Pick<ReadOnlyGateOptions, 'origin'> & Partial<Pick<ReadOnlyGateOptions, 'requestInfo'>>): ReadOnlyGate {
  const services = servicesOf(auth);
  return createReadOnlyGate({
    sessions: cookieSessions(auth, services),
    impersonation: { refuseFromView: async (input) => (await services()).impersonation.refuseFromView(input) },
    origin,
    requestInfo,
  });
}
