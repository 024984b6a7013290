import type { ApiResult } from '@viewas/admin-api';
import type { AppApiClient } from './browser-services-context';

/** What a call answers when the client's code could not be loaded (offline, or a deployment replaced it). */
const NOT_LOADED: ApiResult<never> = {
  ok: false,
  error: { code: 'network', message: 'The admin API client could not be loaded', status: 0 },
};

/**
 * An admin API client whose code loads on its first call, not with the page. The client validates
 * every answer against its zod contracts, which weigh more than the rest of it; no page needs them to
 * render or hydrate (the server reads each page's first data), only once someone acts. The loaded
 * client is the real one, so validation is exactly as strict. Like it, every call resolves to an
 * `ApiResult` and never rejects; a failed load is answered as a network error and tried again on the
 * next call.
 */
export function createLazyAdminApiClient(load: () => Promise<AppApiClient>): AppApiClient {
  let loading: Promise<AppApiClient> | null = null;

  async function call<T>(run: (client: AppApiClient) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    let client: AppApiClient;
    try {
      client = await (loading ??= load());
    } catch {
      loading = null;
      return NOT_LOADED;
    }
    return run(client);
  }

  return {
    returnToAdmin: (options) => call((client) => client.returnToAdmin(options)),
    startImpersonation: (input, options) => call((client) => client.startImpersonation(input, options)),
    reauth: (password, options) => call((client) => client.reauth(password, options)),
    listUsers: (query, options) => call((client) => client.listUsers(query, options)),
    listImpersonations: (query, options) => call((client) => client.listImpersonations(query, options)),
    endImpersonation: (id, options) => call((client) => client.endImpersonation(id, options)),
    endSessions: (id, options) => call((client) => client.endSessions(id, options)),
    listLedger: (query, options) => call((client) => client.listLedger(query, options)),
    getAccessHistory: (query, options) => call((client) => client.getAccessHistory(query, options)),
    listStaffAccessRequests: (options) => call((client) => client.listStaffAccessRequests(options)),
    decideAccessRequestAsAdmin: (id, decision, options) => call((client) => client.decideAccessRequestAsAdmin(id, decision, options)),
    listMyAccessRequests: (options) => call((client) => client.listMyAccessRequests(options)),
    decideAccessRequestAsUser: (id, decision, options) => call((client) => client.decideAccessRequestAsUser(id, decision, options)),
    revokeAccessRequestAsUser: (id, options) => call((client) => client.revokeAccessRequestAsUser(id, options)),
    listNotifications: (query, options) => call((client) => client.listNotifications(query, options)),
    markNotificationsRead: (ids, options) => call((client) => client.markNotificationsRead(ids, options)),
    getSettings: (options) => call((client) => client.getSettings(options)),
    updateSettings: (patch, options) => call((client) => client.updateSettings(patch, options)),
    listActivity: (query, options) => call((client) => client.listActivity(query, options)),
    changePassword: (input, options) => call((client) => client.changePassword(input, options)),
  };
}
