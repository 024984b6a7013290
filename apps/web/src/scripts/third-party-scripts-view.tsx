'use client';

import type { SessionUser } from '@viewas/session-client';
import { usePathname } from 'next/navigation';
import Script from 'next/script';
import { useCurrentUser } from '../ui/shell/use-current-user';
import { isStaffRole, selectThirdPartyScripts, type ScriptSettings } from './third-party-scripts';

export interface ThirdPartyScriptsProps {
  settings: ScriptSettings;
  /** The request's `Host` header. */
  host: string | null;
  /** The user the server rendered the page for. */
  initialUser: SessionUser | null;
  /** The response's CSP nonce, when it has one. */
  nonce?: string;
}

/**
 * The affiliate and analytics scripts, when the rule allows them on this page for this user.
 * Once loaded a script stays for the life of the document, which is why links into the admin
 * pages are full page loads.
 */
export function ThirdPartyScripts({ settings, host, initialUser, nonce }: ThirdPartyScriptsProps) {
  const pathname = usePathname();
  const user = useCurrentUser(initialUser);
  // Without a known page, it could be an admin page: load nothing.
  if (pathname === null) return null;
  const { affiliate, analytics } = selectThirdPartyScripts(settings, {
    host,
    pathname,
    // Either view counts: the server's for the first render, the live session after a switch.
    isImpersonated: Boolean(initialUser?.isImpersonated || user?.isImpersonated),
    isStaff: isStaffRole(initialUser?.role) || isStaffRole(user?.role),
  });
  return (
    <>
      {affiliate ? <Script id="affiliate-script" src={affiliate} strategy="afterInteractive" nonce={nonce} /> : null}
      {analytics ? <Script id="analytics-script" src={analytics} strategy="afterInteractive" nonce={nonce} /> : null}
    </>
  );
}
