export { AdminApiError, type AdminApiErrorOptions } from './lib/server/admin-api-error';
export type { RequestContext, ImpersonationService } from './lib/server/impersonation-service';
