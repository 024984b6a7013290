'use client';

import { ImpersonationBanner } from '@viewas/impersonation-banner';
import type { SessionUser } from '@viewas/session-client';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { useBrowserServices } from '../services/browser-services-context';

/** Routes the browser must load in full (next-auth pages), not through the client router. */
const isServerRoute = (url: string) => url.startsWith('/api/');

export interface AdminModeBannerProps {
  user: SessionUser | null;
  onError?: (error: Error, cause: unknown) => void;
}

/**
 * The banner library wired to this app: the admin API's return-to-admin call, next-auth's
 * 'return-to-admin' sign-in and Next navigation. Rendered by `ImpersonationBadge`, with the page.
 */
export function AdminModeBanner({ user, onError }: AdminModeBannerProps) {
  const router = useRouter();
  const { api, signInReturnToAdmin, assignLocation, notify } = useBrowserServices();
  const { viewModes } = useI18n().messages;

  const navigate = useCallback(
    (url: string) => {
      if (isServerRoute(url)) {
        assignLocation(url);
        return;
      }
      router.push(url);
      // The session changed: server components (the top bar, the page) must render for the admin again.
      router.refresh();
    },
    [router, assignLocation],
  );
  const returnToAdmin = useCallback(() => api.returnToAdmin(), [api]);

  return (
    <ImpersonationBanner
      user={user}
      returnToAdmin={returnToAdmin}
      signIn={signInReturnToAdmin}
      navigate={navigate}
      notify={notify}
      onError={onError}
      // The panel says what the view may do ('Read-only' / 'Full access'); the rest are the banner's own words.
      texts={{ read_only: viewModes.read_only, full: viewModes.full }}
    />
  );
}
