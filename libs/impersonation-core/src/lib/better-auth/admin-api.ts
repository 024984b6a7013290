import { createFetchAdminApi, type FetchAdminApi, type FetchAdminApiOptions } from '../http/fetch-admin-api';
import { VIEWAS_PLUGIN_ID, type ViewasServices } from './plugin';

/** What the admin API needs of a Better Auth instance (`betterAuth({ plugins: [viewas(...)] })`). */
export interface BetterAuthInstance {
  api: {
    getSession(input: { headers: Headers; query?: { disableCookieCache?: boolean } }): Promise<{ session: { token: string } } | null>;
  };
  options: { plugins?: readonly unknown[] };
  $context: Promise<unknown>;
}

export type ViewasAdminApiOptions = Omit<
  FetchAdminApiOptions,
  'impersonation' | 'sessions' | 'consent' | 'accountSettings' | 'onViewEnded'
> & {
  auth: BetterAuthInstance;
};

const isViewas = (plugin: unknown): plugin is { id: string; services: () => ViewasServices } =>
  typeof plugin === 'object' && plugin !== null && (plugin as { id?: unknown }).id === VIEWAS_PLUGIN_ID;

/**
 * The admin and account API (`createFetchAdminApi`) of a Better Auth host: the caller is whoever Better Auth's
 * session cookie says, and an End deletes the view's Better Auth sessions before it answers.
 */
export function viewasAdminApi({ auth, ...options }: ViewasAdminApiOptions): Pick<FetchAdminApi, 'fetch'> {
  const plugin = auth.options.plugins?.find(isViewas);
  if (!plugin) throw new Error("viewasAdminApi: add viewas(...) to this Better Auth instance's plugins first");
  let api: Promise<FetchAdminApi> | undefined;
  const built = () =>
    (api ??= auth.$context.then(() => {
      const { impersonation, consent, accountSettings, sessions } = plugin.services();
      return createFetchAdminApi({
        ...options,
        impersonation,
        consent,
        accountSettings,
        onViewEnded: sessions.revokeView,
        sessions: {
          async fromCookieHeader(cookie) {
            if (!cookie) return { status: 'none' };
            const found = await auth.api.getSession({ headers: new Headers({ cookie }), query: { disableCookieCache: true } });
            return sessions.stateOf(found ? await sessions.rowsOf(found.session.token) : null);
          },
        },
      });
    }));
  return { fetch: async (request) => (await built()).fetch(request) };
}
