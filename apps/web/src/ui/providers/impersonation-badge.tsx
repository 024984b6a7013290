'use client';

import type { SessionUser } from '@viewas/session-client';
import { useState } from 'react';
import { lazyComponent, OnDemand } from '../components/on-demand';
import { useCurrentUser } from '../shell/use-current-user';

// Fetched only for impersonated sessions: ordinary ones never show the badge, so they never pay for it.
const AdminModeBanner = lazyComponent(() => import('./admin-mode-banner').then((module) => module.AdminModeBanner));

/** The 'Admin Mode' badge (docs/product.md §4) with its return-to-admin flow, for as long as the session is an impersonation. */
export function ImpersonationBadge({
  initialUser,
  onError,
}: {
  initialUser: SessionUser | null;
  onError?: (error: Error, cause: unknown) => void;
}) {
  const user = useCurrentUser(initialUser);
  // Once the session has been an impersonation, the banner stays mounted (it renders nothing for an
  // ordinary session): its return-to-admin flow must finish after its sign-in switched the session back.
  const [needed, setNeeded] = useState(user?.isImpersonated === true);
  if (user?.isImpersonated === true && !needed) setNeeded(true);

  if (!needed) return null;
  return (
    <OnDemand>
      <AdminModeBanner user={user} onError={onError} />
    </OnDemand>
  );
}
