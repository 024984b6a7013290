/** The credentials provider that turns an impersonated session back into its admin's. */
export const RETURN_TO_ADMIN_PROVIDER = 'return-to-admin';

/** The credentials provider that turns a pending impersonation into the session. */
export const IMPERSONATE_PROVIDER = 'impersonate';
