import { BANNER_DEFAULTS } from '@viewas/impersonation-banner';

/** The admin page: where the banner returns an administrator to. */
export const ADMIN_PAGE_PATH = BANNER_DEFAULTS.routes.adminPage;

export const HOME_PATH = '/';
export const ACCESS_PAGE_PATH = '/account/access';
/** The section of the access page where the user approves or denies requests to view their account. */
export const ACCESS_REQUESTS_ANCHOR = 'access-requests';
export const ACCESS_REQUESTS_PATH = `${ACCESS_PAGE_PATH}#${ACCESS_REQUESTS_ANCHOR}`;
export const API_REFERENCE_PATH = '/api-reference';
export const NOTIFICATIONS_PAGE_PATH = '/account/notifications';
export const SETTINGS_PAGE_PATH = '/account/settings';
