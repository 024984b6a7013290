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
// The notice's view is in the `./notice` entry; its props type stays here for hosts that name it.
export type { ImpersonationNoticeProps } from './notice/impersonation-notice';
export { notifyWithToast } from './notice/lazy-notify';
export type {
  BannerUser,
  ViewMode,
  Notice,
  NoticeKind,
  Notify,
  ReturnToAdminErrorHandler,
  ReturnToAdminResult,
  ReturnToAdminStatus,
  SignInResult,
} from './types';
