// The routes as data and their OpenAPI 3.1 description: server-side, so browsers that only call the
// API do not download the route table and the generator.
export {
  ADMIN_API_ROUTES,
  type ApiRouteContract,
  type ApiMethod,
  type ApiAccess,
  type AdminApiRouteName,
} from './lib/contracts/api-routes';
export {
  createOpenApiDocument,
  type OpenApiDocument,
  type OpenApiDocumentOptions,
  type OpenApiOperation,
} from './lib/openapi/create-openapi-document';
// Well-formed text is checked where requests are read and where rows are written, never in a browser.
export {
  isWellFormedText,
  findIllFormedText,
  assertWellFormedText,
  isWellFormedUrlEncoded,
  IllFormedTextError,
  illFormedTextError,
} from './lib/contracts/well-formed-text';
// One error for every refusal a caller can act on; `refusalAnswer` is the one place it becomes HTTP.
export { RefusalError, type RefusalErrorOptions } from './lib/contracts/refusal-error';
export type { RequestContext, ImpersonationService } from './lib/server/impersonation-service';
export type { ApiRequest, ApiRequestHeaders } from './lib/server/api-request';
export {
  createAdminApiHandlers,
  DEFAULT_MAX_BODY_BYTES,
  type AdminApiHandlersOptions,
  type AdminApiHandlers,
  type AdminApiHandler,
  type ServedRoute,
} from './lib/server/create-admin-api-handlers';
export { refusalAnswer } from './lib/server/json-response';
export { answerResponse, type HttpAnswer, type HttpAnswerBody } from './lib/server/http-answer';
export { isUnavailableError } from './lib/server/is-unavailable-error';
export { isSameOriginRequest } from './lib/server/same-origin';
export { readBodyText, readJsonBody, hasJsonContentType } from './lib/server/read-body';
// The ledger's verify, export and delivery contracts (their types are in the main entry).
export {
  LedgerVerifySchema,
  LedgerExportQuerySchema,
  LedgerDeliveriesSchema,
  SignalDeliveriesSchema,
  LEDGER_EXPORT_FORMATS,
} from './lib/contracts/ledger-integrity';
// What the server validates: request bodies, query strings and path parameters (their types are in
// the main and account entries; browsers send typed objects and do not download these).
export {
  IdSchema,
  ImpersonateRequestSchema,
  ReauthRequestSchema,
  UsersQuerySchema,
  ImpersonationsQuerySchema,
  LedgerQuerySchema,
  AccessRequestPathSchema,
  UserApprovalSchema,
  AccessHistoryQuerySchema,
  NotificationsQuerySchema,
  MarkNotificationsReadSchema,
  AccountSettingsPatchSchema,
  AccountActivityQuerySchema,
  NewPasswordSchema,
  ChangePasswordRequestSchema,
} from './lib/contracts/requests';
