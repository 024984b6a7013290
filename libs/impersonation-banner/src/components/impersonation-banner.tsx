import { useReturnToAdmin, type UseReturnToAdminOptions } from '../hooks/use-return-to-admin';
import type { BannerUser } from '../types';
import { AdminModeBadge } from './admin-mode-badge';

export interface ImpersonationBannerProps extends UseReturnToAdminOptions {
  /** The session user; the banner renders only while `isImpersonated` is true. */
  user: BannerUser | null | undefined;
  /** The clock for the countdown (defaults to `Date.now`). */
  now?: () => number;
}

/**
 * The badge, its panel and the return-to-admin flow in one. The flow lives above the early return,
 * so it completes even after the sign-in has switched the session and the badge has gone.
 */
export function ImpersonationBanner({ user, now, ...actions }: ImpersonationBannerProps) {
  const { isPending, start } = useReturnToAdmin(actions);
  return (
    user?.isImpersonated === true && (
      <AdminModeBadge
        email={user.email}
        expiresAt={user.impersonationExpiresAt}
        mode={user.impersonationMode}
        now={now}
        pending={isPending}
        onReturn={start}
        texts={actions.texts}
      />
    )
  );
}
