// Structural copies of the contracts the banner consumes. Declaring them here keeps the published
// package free of @viewas/session-client and @viewas/admin-api (and zod); `contracts.spec.ts`
// proves that the real SessionUser and ApiResult<ReturnToAdminResponse> still fit them.

/** The part of the session user the banner reads (session-client's `SessionUser` fits). */
export interface BannerUser {
  email: string;
  isImpersonated: boolean;
  /** ISO time the impersonation hard-expires; shows a countdown when given. */
  impersonationExpiresAt?: string;
  /** The view's mode; the panel and screen readers say it when given. */
  impersonationMode?: ViewMode;
}

/** A view's mode: `read_only` looks without changing anything, `full` acts as the user (the core's `ViewMode`). */
export type ViewMode = 'read_only' | 'full';

/** What `POST /api/admin/return-to-admin` answers (admin-api's `ApiResult<ReturnToAdminResponse>` fits). */
export type ReturnToAdminResult =
  | { ok: true; data: { success: boolean; adminUser: { id: string; email: string } } }
  | { ok: false; error: { code: string; message: string; status: number } };

/** The result of signing in with the 'return-to-admin' credentials (session-client's `signInReturnToAdmin` fits). */
export interface SignInResult {
  ok: boolean;
  error?: string | null;
}

export type NoticeKind = 'info' | 'success' | 'error';

/** One user-visible notice of the flow. */
export interface Notice {
  kind: NoticeKind;
  title: string;
  description?: string;
  durationMs: number;
}

/**
 * Shows a notice; the default renders a react-hot-toast toast. It may return a promise that settles once
 * the notice is on screen: the returning notice's time then starts there, not when it was asked for.
 */
export type Notify = (notice: Notice) => void | Promise<void>;

/** Receives the internal failure (`texts.failureMessage`, with the original cause) for logging. */
export type ReturnToAdminErrorHandler = (error: Error, cause: unknown) => void;

/** Where the return-to-admin flow is: one string, never a pile of booleans. */
export type ReturnToAdminStatus = 'idle' | 'requesting' | 'returning' | 'signing-in' | 'succeeded' | 'failed';
