// A Better Auth host's side of impersonation: the server plugin (endpoints, hooks, schema) and the admin API
// over Better Auth's sessions. The browser's side is the `./better-auth/client` entry.
export {
  viewas,
  VIEWAS_PLUGIN_ID,
  ADMIN_SESSION_COOKIE,
  OPEN_DURING_READ_ONLY_VIEW,
  REPLACED_ADMIN_ENDPOINTS,
  type ViewasOptions,
  type ViewasPlugin,
  type ViewasServices,
} from './lib/better-auth/plugin';
export { viewasAdminApi, viewasReadOnlyGate, type ViewasAdminApiOptions, type BetterAuthInstance } from './lib/better-auth/admin-api';
export { domainRole, VIEWAS_SESSION_FIELDS, type BetterAuthSessionRow, type BetterAuthUserRow } from './lib/better-auth/session-rows';
export type { BetterAuthSessions, FoundSession } from './lib/better-auth/better-auth-sessions';
export { toViewSession, type ViewSessionUser, type ViewSessionActor } from './lib/better-auth/view-session';
