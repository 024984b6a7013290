// The `@viewas/impersonation-banner/notice` entry: the toast notice's view and the react-hot-toast
// `notify`. The main entry loads it only when the return flow has a notice to show (notice/lazy-notify.ts),
// so a host that passes its own `notify` never downloads it.
export { ImpersonationNotice, type ImpersonationNoticeProps } from './notice/impersonation-notice';
export { notifyWithToast } from './notice/notify-with-toast';
