'use client';

import type { ImpersonationRecord } from '@viewas/admin-api';
import { useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { Button } from '../components/button';
import { Dialog, DialogActions } from '../components/dialog';
import { ErrorState } from '../components/feedback';
import { describeError } from '../data/describe-error';
import { useBrowserServices } from '../services/browser-services-context';

/** How long the 'Ended the view as …' notice shows. */
export const ENDED_NOTICE_MS = 4000;

export interface EndImpersonationDialogProps {
  record: ImpersonationRecord;
  onClose: () => void;
  onEnded: () => void;
}

/** Confirms ending someone's impersonation; focus starts on Cancel, the safe choice. */
export function EndImpersonationDialog({ record, onClose, onEnded }: EndImpersonationDialogProps) {
  const { messages } = useI18n();
  const t = messages.admin.active;
  const { api, notify } = useBrowserServices();
  const [status, setStatus] = useState<'confirming' | 'ending'>('confirming');
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const end = async () => {
    setStatus('ending');
    setError(null);
    const result = await api.endImpersonation(record.id);
    if (!result.ok) {
      setError(describeError(result.error, messages.common.error));
      setStatus('confirming');
      return;
    }
    notify({ kind: 'success', title: t.ended(record.target.email), durationMs: ENDED_NOTICE_MS });
    onEnded();
  };

  const ending = status === 'ending';
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={onClose}
      title={t.confirmTitle}
      description={t.confirmBody(record.admin.email, record.target.email)}
      dismissible={!ending}
      initialFocus={cancelRef}
    >
      {error ? <ErrorState title={t.endFailed} message={error} /> : null}
      <DialogActions>
        <Button ref={cancelRef} onClick={onClose} disabled={ending}>
          {messages.common.cancel}
        </Button>
        <Button variant="danger" onClick={() => void end()} pending={ending} pendingLabel={t.ending}>
          {t.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
