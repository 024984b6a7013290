// HTTP adapters for any server that speaks Fetch: the admin and account API as one handler, and the
// read-only gate a host asks before its own routes.
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
