'use client';

import type { ApiClientError } from '@viewas/admin-api';
import { useI18n } from '../../i18n/i18n-context';
import { describeError } from '../data/describe-error';
import { ErrorState } from './feedback';

/** A list or value that could not be read: `title`, the cause in words, and a retry. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: ApiClientError; onRetry: () => void }) {
  const { messages } = useI18n();
  return (
    <ErrorState title={title} message={describeError(error, messages.common.error)} onRetry={onRetry} retryLabel={messages.common.retry} />
  );
}
