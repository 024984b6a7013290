'use client';

import { Component, lazy, Suspense, useCallback, type ComponentType, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { useBrowserServices } from '../services/browser-services-context';

/** How long the notice that something could not be opened shows. */
export const LOAD_FAILED_NOTICE_MS = 5000;

/** What a component loaded on demand fails with when its code could not be fetched. */
export class LoadFailedError extends Error {
  constructor(cause: unknown) {
    super('The code of a component could not be loaded', { cause });
    this.name = 'LoadFailedError';
  }
}

/**
 * `React.lazy` for a named export: `lazyComponent(() => import('./dialog').then((m) => m.Dialog))`.
 * Its code is fetched the first time it renders, not with the page; render it inside `<OnDemand>`.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (cause) {
      throw new LoadFailedError(cause);
    }
  });
}

export interface OnDemandProps {
  /** Called when the code could not be fetched (offline, or a new deployment replaced it), after the user was told. */
  onLoadFailed?: () => void;
  children: ReactNode;
}

/**
 * Shows a `lazyComponent` once its code is in (nothing before: what it renders, a dialog, appears
 * on its own). A failed download costs the user one action, not the page: nothing is shown, a
 * notice says the server could not be reached, and `onLoadFailed` lets the caller reset (close the
 * dialog). Any other error still goes to the page's error boundary.
 */
export function OnDemand({ onLoadFailed, children }: OnDemandProps) {
  const notifyLoadFailed = useLoadFailedNotice();
  const failed = () => {
    notifyLoadFailed();
    onLoadFailed?.();
  };
  return <LoadFailedBoundary onLoadFailed={failed}>{children}</LoadFailedBoundary>;
}

/**
 * For code an action needs rather than renders: `const csv = await loadOnDemand(() => import('./csv'))`
 * is the module, or null once the user has been told it could not be fetched.
 */
export function useLoadOnDemand(): <T>(load: () => Promise<T>) => Promise<T | null> {
  const notifyLoadFailed = useLoadFailedNotice();
  return useCallback(
    async <T,>(load: () => Promise<T>) => {
      try {
        return await load();
      } catch {
        notifyLoadFailed();
        return null;
      }
    },
    [notifyLoadFailed],
  );
}

function useLoadFailedNotice(): () => void {
  const { notify } = useBrowserServices();
  const { messages } = useI18n();
  return useCallback(
    () => notify({ kind: 'error', title: messages.common.error.network, durationMs: LOAD_FAILED_NOTICE_MS }),
    [notify, messages],
  );
}

class LoadFailedBoundary extends Component<{ onLoadFailed: () => void; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    if (error instanceof LoadFailedError) this.props.onLoadFailed();
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error instanceof LoadFailedError) return null;
    // Not ours to handle: on to the boundary above, as if this one were not here.
    if (error) throw error;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
