import { createAdminApiClient, type AdminApiClient } from '@viewas/admin-api';

/** The admin API client the browser uses: same origin, the page's own `fetch`. Imported on demand (see `lazy-admin-api.ts`). */
export function createBrowserAdminApiClient(): AdminApiClient {
  return createAdminApiClient({ baseUrl: '/api/admin', accountBaseUrl: '/api/account', fetch: (input, init) => fetch(input, init) });
}
