import type { Notify } from '../types';

let notice: Promise<typeof import('../notice')> | undefined;

/**
 * The default `notify`: loads the notice entry on the first notice (once; later notices reuse it, in
 * order), then shows a react-hot-toast toast for `durationMs` in the host's `<Toaster />`.
 */
export const notifyWithToast: Notify = (options) => {
  notice ??= import('../notice');
  void notice.then((entry) => entry.notifyWithToast(options));
};
