export { AdminModeBadge, type AdminModeBadgeProps } from './components/admin-mode-badge';
export { ImpersonationBanner, type ImpersonationBannerProps } from './components/impersonation-banner';
export {
  BANNER_DEFAULTS,
  resolveBannerSettings,
  type BannerDurations,
  type BannerOptions,
  type BannerRoutes,
  type BannerSettings,
  type BannerTexts,
} from './defaults';
export { useAdminModePanel, type AdminModePanelState, type UseAdminModePanelOptions } from './hooks/use-admin-mode-panel';
export { useReturnToAdmin, type UseReturnToAdminOptions, type UseReturnToAdminResult } from './hooks/use-return-to-admin';
export { ImpersonationNotice, type ImpersonationNoticeProps } from './notice/impersonation-notice';
export { notifyWithToast } from './notice/notify-with-toast';
export type {
  BannerUser,
  ImpersonationMode,
  Notice,
  NoticeKind,
  Notify,
  ReturnToAdminErrorHandler,
  ReturnToAdminResult,
  ReturnToAdminStatus,
  SignInResult,
} from './types';
