export { ADMIN_PAGE_PATH } from '@viewas/impersonation-banner';

export const HOME_PATH = '/';
export const ACCESS_PAGE_PATH = '/account/access';
export const API_REFERENCE_PATH = '/api-reference';
export const NOTIFICATIONS_PAGE_PATH = '/account/notifications';
