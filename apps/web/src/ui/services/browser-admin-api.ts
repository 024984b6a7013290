import { createAdminApiClient } from '@viewas/admin-api';
import { createAccountApiClient } from '@viewas/admin-api/account';
import type { AppApiClient } from './browser-services-context';

/** The API clients the browser uses: same origin, the page's own `fetch`. Imported on demand (see `lazy-admin-api.ts`). */
export function createBrowserAdminApiClient(): AppApiClient {
  const fetchFromPage = (input: string, init?: RequestInit) => fetch(input, init);
  return {
    ...createAdminApiClient({ baseUrl: '/api/admin', fetch: fetchFromPage }),
    ...createAccountApiClient({ baseUrl: '/api/account', fetch: fetchFromPage }),
  };
}
