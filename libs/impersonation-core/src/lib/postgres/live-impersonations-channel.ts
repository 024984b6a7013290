/**
 * The notification channel on which the database announces that the live impersonations may have
 * changed: an impersonation started, ended, returned or expired, or a user's role or status changed
 * (the triggers of migration 0007_live_impersonations_notify). A host `LISTEN`s on it and calls
 * `liveImpersonations.refresh()` on each notification.
 */
export const LIVE_IMPERSONATIONS_CHANNEL = 'viewas_live_impersonations';
