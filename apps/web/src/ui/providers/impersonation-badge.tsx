'use client';

import type { SessionUser } from '@viewas/session-client';
import { useCurrentUser } from '../shell/use-current-user';
import { AdminModeBanner } from './admin-mode-banner';

/**
 * The 'Admin Mode' badge (docs/product.md §4) with its return-to-admin flow. Always mounted: it
 * renders nothing for an ordinary session, and its flow finishes after its sign-in has switched the
 * session back to the admin.
 *
 * Its code comes with the page, not on demand: the server paints the badge, and hydration must adopt
 * that element. Code fetched on demand suspends hydration here, and any update above it before the
 * code is in (the session read after load) makes React drop the painted badge and draw a new one.
 */
export function ImpersonationBadge({
  initialUser,
  onError,
}: {
  initialUser: SessionUser | null;
  onError?: (error: Error, cause: unknown) => void;
}) {
  return <AdminModeBanner user={useCurrentUser(initialUser)} onError={onError} />;
}
