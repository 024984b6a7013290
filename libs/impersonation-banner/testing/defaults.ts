import { BANNER_DEFAULTS } from '../src/defaults';

// Short names for the default settings the specs assert against, so each expectation reads like the text it checks.
const { texts, routes, durations } = BANNER_DEFAULTS;

export const ADMIN_PAGE_PATH = routes.adminPage;
export const SIGN_OUT_PATH = routes.signOut;
export const RETURNING_NOTICE_MS = durations.returningNoticeMs;
export const WELCOME_BACK_NOTICE_MS = durations.welcomeBackNoticeMs;
export const ERROR_NOTICE_MS = durations.errorNoticeMs;
export const BADGE_LABEL = texts.badgeLabel;
export const PANEL_TITLE = texts.panelTitle;
export const VIEWING_AS_LABEL = texts.viewingAsLabel;
export const RETURN_BUTTON_LABEL = texts.returnButtonLabel;
export const RETURNING_NOTICE_TITLE = texts.returningTitle;
export const WELCOME_BACK_TITLE = texts.welcomeBackTitle;
export const WELCOME_BACK_DESCRIPTION = texts.welcomeBackDescription;
export const ERROR_NOTICE_TITLE = texts.errorTitle;
export const ERROR_NOTICE_DESCRIPTION = texts.errorDescription;
export const RETURN_FAILURE_MESSAGE = texts.failureMessage;
export const ACTIVE_ANNOUNCEMENT_PREFIX = texts.activeAnnouncement;
export const PENDING_ANNOUNCEMENT = texts.pendingAnnouncement;
export const COUNTDOWN_LESS_THAN_A_MINUTE = texts.endsInLessThanAMinute;
export const COUNTDOWN_ENDED = texts.ended;
