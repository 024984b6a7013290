// The HTTP adapters over the domain: the admin API's service (`createAdminApiHandlers({ service })` of
// `@viewas/admin-api/server`), which finds the caller's session in the request's cookie and answers the
// domain's refusals as the API's errors; the same API as one Fetch handler, for any server that speaks
// Fetch; the read-only gate a host asks before its own routes; and the answers a host's server-rendered
// pages share with the API. The domain (the main entry) imports none of this.
export { createAdminApiService, refusalError, type AdminApiServiceOptions, type CookieSessions } from './lib/http/admin-api-service';
export { createFetchAdminApi, type FetchAdminApi, type FetchAdminApiOptions } from './lib/http/fetch-admin-api';
export {
  createReadOnlyGate,
  readOnlyResponse,
  READ_ONLY_ANSWER,
  type GateSessions,
  type ReadOnlyGate,
  type ReadOnlyGateOptions,
  type ReadOnlyRefusal,
} from './lib/http/read-only-gate';
export { staffAccessRequestList, toAccessRequestAnswer } from './lib/http/consent-api';
export { toActivityAnswer } from './lib/http/account-settings-api';
