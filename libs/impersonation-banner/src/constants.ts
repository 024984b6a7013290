// Every text, duration and route below is fixed by SPEC.md §4, §8 and §9.

/** How long the 'Returning to Admin Account' notice shows; the sign-in waits for it. */
export const RETURNING_NOTICE_MS = 2000;
/** How long the 'Welcome Back!' notice shows. */
export const WELCOME_BACK_NOTICE_MS = 3000;
/** How long the error notice shows. */
export const ERROR_NOTICE_MS = 5000;

/** Where the browser goes after a successful return. */
export const ADMIN_PAGE_PATH = '/223/user-impersonation';
/** Where the browser goes when the return fails. */
export const SIGN_OUT_PATH = '/api/auth/signout';

export const BADGE_LABEL = 'Admin Mode';
export const PANEL_TITLE = 'IMPERSONATION ACTIVE';
export const VIEWING_AS_LABEL = 'Currently viewing as:';
export const RETURN_BUTTON_LABEL = 'Return to Admin';

export const RETURNING_NOTICE_TITLE = 'Returning to Admin Account';
export const WELCOME_BACK_TITLE = 'Welcome Back!';
export const WELCOME_BACK_DESCRIPTION = 'You are now back in your admin account';
export const ERROR_NOTICE_TITLE = 'Error';
export const ERROR_NOTICE_DESCRIPTION = 'Failed to return to admin account. Please sign in manually.';

/** The internal failure text: logged through `onError`, never shown in place of the notice above. */
export const RETURN_FAILURE_MESSAGE = 'Failed to return to admin account';

// Beyond the spec, for screen readers and the countdown.
export const ACTIVE_ANNOUNCEMENT_PREFIX = 'Impersonation active. Viewing the app as';
export const PENDING_ANNOUNCEMENT = 'Returning to your admin account…';
export const COUNTDOWN_LESS_THAN_A_MINUTE = 'Ends in less than 1 min';
export const COUNTDOWN_ENDED = 'Ended';
