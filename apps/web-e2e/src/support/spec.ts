/**
 * What docs/product.md promises the user, written out here rather than imported from the source: these tests
 * check the running product against the specification, so a changed constant cannot change the bar.
 */

/** §2 routes. */
export const ADMIN_PAGE_PATH = '/223/user-impersonation';
export const SIGN_OUT_PATH = '/api/auth/signout';

/** §4 the impersonation banner. */
export const BADGE_LABEL = 'Admin Mode';
export const PANEL_TITLE = 'IMPERSONATION ACTIVE';
export const VIEWING_AS_LABEL = 'Currently viewing as:';
export const RETURN_BUTTON_LABEL = 'Return to Admin';

/** §4 and §8 the notices, with §9 their durations. */
export const NOTICES = {
  returning: { title: 'Returning to Admin Account', durationMs: 2000 },
  welcomeBack: { title: 'Welcome Back!', description: 'You are now back in your admin account', durationMs: 3000 },
  error: { title: 'Error', description: 'Failed to return to admin account. Please sign in manually.', durationMs: 5000 },
} as const;

/** §9 the colour-mode cookie's max-age, in seconds. */
export const COLOR_MODE_MAX_AGE_SECONDS = 31536000;
