import { notifyWithToast } from '@viewas/impersonation-banner';
import { signInImpersonation, signInReturnToAdmin, signOutTo } from '@viewas/session-client/next-auth';
import type { AppServices, DownloadFile } from './app-services';
import { createLazyAdminApiClient } from './lazy-admin-api';

function saveFile({ name, type, content }: DownloadFile) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The real services, for the browser. */
export function createBrowserServices(): AppServices {
  return {
    api: createLazyAdminApiClient(() => import('./browser-admin-api').then((module) => module.createBrowserAdminApiClient())),
    signInImpersonation,
    signInReturnToAdmin,
    signOutTo,
    assignLocation: (url) => window.location.assign(url),
    saveFile,
    notify: notifyWithToast,
    now: Date.now,
  };
}
