/**
 * The PostgreSQL notification channel on which the database announces that an impersonation or an
 * administrator's role or status changed (the trigger of migration 0007_live_impersonations_notify).
 */
export const LIVE_IMPERSONATIONS_CHANNEL = 'viewas_live_impersonations';
