export { AdminModeBadge, type AdminModeBadgeProps } from './components/admin-mode-badge';
export { ImpersonationBanner, type ImpersonationBannerProps } from './components/impersonation-banner';
export {
  ADMIN_PAGE_PATH,
  BADGE_LABEL,
  ERROR_NOTICE_DESCRIPTION,
  ERROR_NOTICE_MS,
  ERROR_NOTICE_TITLE,
  PANEL_TITLE,
  RETURN_BUTTON_LABEL,
  RETURN_FAILURE_MESSAGE,
  RETURNING_NOTICE_MS,
  RETURNING_NOTICE_TITLE,
  SIGN_OUT_PATH,
  VIEWING_AS_LABEL,
  WELCOME_BACK_DESCRIPTION,
  WELCOME_BACK_NOTICE_MS,
  WELCOME_BACK_TITLE,
} from './constants';
export { useAdminModePanel, type AdminModePanelState, type UseAdminModePanelOptions } from './hooks/use-admin-mode-panel';
export { useReturnToAdmin, type UseReturnToAdminOptions, type UseReturnToAdminResult } from './hooks/use-return-to-admin';
export { ImpersonationNotice, type ImpersonationNoticeProps } from './notice/impersonation-notice';
export { notifyWithToast } from './notice/notify-with-toast';
export type {
  BannerUser,
  Notice,
  NoticeKind,
  Notify,
  ReturnToAdminErrorHandler,
  ReturnToAdminResult,
  ReturnToAdminStatus,
  SignInResult,
} from './types';
