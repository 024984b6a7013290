/**
 * The notification channel on which the database announces that a running impersonation may have stopped
 * being live: one ended, returned, expired, changed or deleted (the payload is its id), or a user's role or
 * status changed (an empty payload). The triggers of migration 0012_live_impersonations_notify_on_stop,
 * which narrowed 0007's: a pending insert and an activation announce nothing. A host `LISTEN`s on it and
 * calls `liveImpersonations.changed(payload)` on each notification.
 */
export const LIVE_IMPERSONATIONS_CHANNEL = 'viewas_live_impersonations';
