'use client';

import type { AdminApiClient } from '@viewas/admin-api';
import type { AccountApiClient } from '@viewas/admin-api/account';
import type { Notify } from '@viewas/impersonation-banner';
import { createContext, useContext, type ReactNode } from 'react';

/** The staff (`/api/admin`) and account (`/api/account`) clients, as one object for the views. */
export type AppApiClient = AdminApiClient & AccountApiClient;

/** A same-origin GET answered with JSON: its status and body (`null` when the body is not JSON or did not come). */
export type JsonAnswer = { status: number; body: unknown };

/**
 * Everything the pages do to the outside world, injected once at the root so views stay plain
 * functions of their props and tests hand in fakes instead of mocking modules.
 */
export interface BrowserServices {
  api: AppApiClient;
  /** Turns a started impersonation into the session (next-auth `impersonate` credentials). */
  signInImpersonation: (impersonationId: string) => Promise<{ ok: boolean; error: string | null }>;
  /** Signs back in as the admin after an impersonation (next-auth `return-to-admin` credentials). */
  signInReturnToAdmin: (adminUserId: string) => Promise<{ ok: boolean; error: string | null }>;
  /** Signs out, then the browser goes to `url`. */
  signOutTo: (url: string) => Promise<{ ok: boolean; error: string | null }>;
  /** A full page load, so a new session cookie applies to everything on the page. */
  assignLocation: (url: string) => void;
  /** A plain same-origin GET of one of the app's JSON routes, for answers the API client does not carry. */
  getJson: (path: string, signal?: AbortSignal) => Promise<JsonAnswer>;
  notify: Notify;
  /** The clock, for "in progress" durations and file names. */
  now: () => number;
}

const BrowserServicesContext = createContext<BrowserServices | null>(null);

export function BrowserServicesProvider({ services, children }: { services: BrowserServices; children: ReactNode }) {
  return <BrowserServicesContext.Provider value={services}>{children}</BrowserServicesContext.Provider>;
}

export function useBrowserServices(): BrowserServices {
  const services = useContext(BrowserServicesContext);
  if (!services) throw new Error('useBrowserServices() needs a <BrowserServicesProvider> above it (the root layout renders one).');
  return services;
}
