import * as React from 'react';
import type { ReturnToAdminActions } from '../core/return-to-admin-flow';
import { resolveBannerSettings } from '../defaults';
import { notifyWithToast } from '../notice/lazy-notify';
import type { ReturnToAdminStatus } from '../types';

export interface UseReturnToAdminOptions extends Omit<ReturnToAdminActions, 'notify'> {
  /** Shows the notices; defaults to react-hot-toast toasts (render a `<Toaster />` once in the app). */
  notify?: ReturnToAdminActions['notify'];
}

export interface UseReturnToAdminResult {
  status: ReturnToAdminStatus;
  /** True from the click until the flow's outcome. */
  isPending: boolean;
  /** Starts the flow; ignored while one is running, so a double click runs it once. */
  start: () => void;
}

/** The headless return-to-admin flow: status for the view, `start` for the button. */
export function useReturnToAdmin(options: UseReturnToAdminOptions): UseReturnToAdminResult {
  const [status, setStatus] = React.useState<ReturnToAdminStatus>('idle');
  // Read at click time, so hosts may pass fresh inline callbacks on every render.
  const latestOptions = React.useRef(options);
  const running = React.useRef(false);
  const lifetime = React.useRef<AbortController | null>(null);

  React.useEffect(() => {
    latestOptions.current = options;
  });

  React.useEffect(() => {
    // Unmounting aborts the flow: its timer is cleared and nothing more is shown, navigated or set.
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  const start = React.useCallback(() => {
    const signal = lifetime.current?.signal;
    if (running.current || !signal || signal.aborted) return;
    running.current = true;
    const { notify = notifyWithToast, ...actions } = latestOptions.current;
    const onStep = (next: ReturnToAdminStatus) => {
      if (!signal.aborted) setStatus(next);
    };
    const settings = resolveBannerSettings(actions);
    onStep('requesting');
    // The flow's code is loaded on the first click: no page needs it before.
    void import('../core/return-to-admin-flow')
      .then(
        ({ runReturnToAdmin }) => runReturnToAdmin({ ...actions, notify }, settings, signal, onStep),
        // It could not be loaded (offline, or a newer deployment removed it): nothing was sent, the button works again.
        (cause: unknown) => {
          onStep('failed');
          actions.onError?.(new Error(settings.texts.failureMessage, { cause }), cause);
        },
      )
      .finally(() => {
        running.current = false;
      });
  }, []);

  // Under way: the three statuses in -ing ('requesting', 'returning', 'signing-in'); 'idle', 'succeeded' and 'failed' are not.
  return { status, isPending: status.includes('ing'), start };
}
