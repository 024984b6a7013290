import { toast } from 'react-hot-toast';
import type { Notify } from '../types';
import { ImpersonationNotice } from './impersonation-notice';

/**
 * The default `notify`: a react-hot-toast custom toast for `durationMs`, shown by the
 * `<Toaster />` the host renders once (toasts then outlive the banner, which unmounts on return).
 */
export const notifyWithToast: Notify = ({ durationMs, ...notice }) => {
  toast.custom((current) => <ImpersonationNotice {...notice} visible={current.visible} />, { duration: durationMs });
};
