import type { Notify } from '../types';

/**
 * The default `notify`: loads the notice entry (the browser and bundlers load a module once), then
 * shows a react-hot-toast toast for `durationMs` in the host's `<Toaster />`; settles once it is shown.
 */
export const notifyWithToast: Notify = (notice) => import('../notice').then((entry) => entry.notifyWithToast(notice));
