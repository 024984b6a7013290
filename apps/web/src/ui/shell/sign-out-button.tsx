'use client';

import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { Button, type ButtonProps } from '../components/button';
import { useBrowserServices } from '../services/browser-services-context';

/** After signing out, the sign-in page, which then brings the user back home. */
export const AFTER_SIGN_OUT_URL = '/api/auth/signin?callbackUrl=%2F';

export const SIGN_OUT_FAILED_NOTICE_MS = 5000;

/** Signs out of this browser; pending until the browser has left the page. */
export function SignOutButton(props: Omit<ButtonProps, 'onClick' | 'pending'>) {
  const { messages } = useI18n();
  const { signOutTo, notify } = useBrowserServices();
  const [pending, setPending] = useState(false);
  return (
    <Button
      {...props}
      pending={pending}
      pendingLabel={messages.nav.signingOut}
      onClick={() => {
        setPending(true);
        void signOutTo(AFTER_SIGN_OUT_URL).then((outcome) => {
          // On success the browser is already leaving; only a failure comes back here.
          if (outcome.ok) return;
          setPending(false);
          notify({ kind: 'error', title: messages.nav.signOutFailed, durationMs: SIGN_OUT_FAILED_NOTICE_MS });
        });
      }}
    >
      {messages.nav.signOut}
    </Button>
  );
}
