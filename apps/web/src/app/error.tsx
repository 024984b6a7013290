'use client';

import { FailureView } from '../ui/errors/failure-view';

/** A page that failed to render; the details are in the server log (matched by `error.digest`), never on screen. */
export default function PageError({ retry }: { error: unknown; retry: () => void }) {
  return <FailureView onRetry={retry} />;
}
