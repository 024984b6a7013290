// HTTP adapters: the admin and account API as one Fetch handler, for any server that speaks Fetch.
export { createFetchAdminApi, type FetchAdminApi, type FetchAdminApiOptions } from './lib/http/fetch-admin-api';
