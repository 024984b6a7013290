'use client';

import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { StatusBody, StatusPage } from './status-page';

/** What a page shows when rendering it failed (the database is down, say), with a way to retry. */
export function FailureView({ onRetry }: { onRetry: () => void }) {
  const t = useI18n().messages.failure;
  return (
    <StatusPage
      title={t.title}
      action={
        <Button variant="primary" onClick={onRetry}>
          {t.retry}
        </Button>
      }
    >
      <StatusBody>{t.body}</StatusBody>
    </StatusPage>
  );
}
