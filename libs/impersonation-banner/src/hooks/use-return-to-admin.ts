import { useCallback, useEffect, useRef, useState } from 'react';
import { runReturnToAdmin, type ReturnToAdminActions } from '../core/return-to-admin-flow';
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

const PENDING: ReadonlySet<ReturnToAdminStatus> = new Set(['requesting', 'returning', 'signing-in']);

/** The headless return-to-admin flow: status for the view, `start` for the button. */
export function useReturnToAdmin(options: UseReturnToAdminOptions): UseReturnToAdminResult {
  const [status, setStatus] = useState<ReturnToAdminStatus>('idle');
  // Read at click time, so hosts may pass fresh inline callbacks on every render.
  const latestOptions = useRef(options);
  const running = useRef(false);
  const lifetime = useRef<AbortController | null>(null);

  useEffect(() => {
    latestOptions.current = options;
  });

  useEffect(() => {
    // Unmounting aborts the flow: its timer is cleared and nothing more is shown, navigated or set.
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  const start = useCallback(() => {
    const signal = lifetime.current?.signal;
    if (running.current || !signal || signal.aborted) return;
    running.current = true;
    const { notify = notifyWithToast, ...actions } = latestOptions.current;
    const onStep = (next: ReturnToAdminStatus) => {
      if (!signal.aborted) setStatus(next);
    };
    void runReturnToAdmin({ ...actions, notify }, signal, onStep).finally(() => {
      running.current = false;
    });
  }, []);

  return { status, isPending: PENDING.has(status), start };
}
