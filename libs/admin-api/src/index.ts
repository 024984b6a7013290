export * from './lib/contracts';
export { createAdminApiClient, type AdminApiClient, type AdminApiClientOptions, type CallOptions } from './lib/client/create-admin-api-client';
export type { ApiResult, ApiClientError, ApiClientErrorCode } from './lib/client/api-result';
export type { FetchLike } from './lib/client/request-json';
