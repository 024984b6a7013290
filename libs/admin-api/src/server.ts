export { AdminApiError, type AdminApiErrorOptions } from './lib/server/admin-api-error';
export type { RequestContext, ImpersonationService } from './lib/server/impersonation-service';
export {
  createAdminApiHandlers,
  DEFAULT_MAX_BODY_BYTES,
  type AdminApiHandlersOptions,
  type AdminApiHandlers,
  type AdminApiHandler,
  type ServedRoute,
} from './lib/server/create-admin-api-handlers';
export { isUnavailableError } from './lib/server/is-unavailable-error';
export { isSameOriginRequest } from './lib/server/same-origin';
export { readBodyText, readJsonBody, hasJsonContentType } from './lib/server/read-body';
