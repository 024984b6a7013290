import { notifyWithToast } from '@viewas/impersonation-banner';
import { signInImpersonation, signInReturnToAdmin, signOutTo } from '@viewas/session-client/next-auth';
import type { BrowserServices, JsonAnswer } from './browser-services-context';
import { createLazyAdminApiClient } from './lazy-admin-api';

async function getJson(path: string, signal?: AbortSignal): Promise<JsonAnswer> {
  const response = await fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** The real services, for the browser. */
export function createBrowserServices(): BrowserServices {
  return {
    api: createLazyAdminApiClient(() => import('./browser-admin-api').then((module) => module.createBrowserAdminApiClient())),
    signInImpersonation,
    signInReturnToAdmin,
    signOutTo,
    assignLocation: (url) => window.location.assign(url),
    getJson,
    notify: notifyWithToast,
    now: Date.now,
  };
}
