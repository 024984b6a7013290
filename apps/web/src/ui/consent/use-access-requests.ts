'use client';

import type { AccessRequest, AccessRequestList, ApiResult } from '@viewas/admin-api';
import { useCallback, useState } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { describeError } from '../data/describe-error';
import { useResource } from '../data/use-resource';
import { useBrowserServices } from '../services/browser-services-context';

/** How long the confirmation of a decision stays on screen. */
export const DECIDED_NOTICE_MS = 3000;

export type Decision = { decision: 'approve'; minutes: number } | { decision: 'deny' };

/** Whose list: the signed-in user's requests to decide (`mine`), or the staff page's (`staff`). */
export type AccessRequestScope = 'mine' | 'staff';

/**
 * The access requests one reader sees, and their decisions on them: one decision at a time, the list
 * reloaded after each so a request decided elsewhere (another admin, the user) shows its new state.
 */
export function useAccessRequests(scope: AccessRequestScope, initial?: ApiResult<AccessRequestList>) {
  const { api, notify } = useBrowserServices();
  const { messages } = useI18n();
  const t = messages.consent;
  const { state, reload } = useResource<AccessRequestList>(
    (signal) => (scope === 'mine' ? api.listMyAccessRequests({ signal }) : api.listStaffAccessRequests({ signal })),
    initial,
  );
  const [deciding, setDeciding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const decide = useCallback(
    async (request: AccessRequest, decision: Decision) => {
      setDeciding(request.id);
      setError(null);
      const result: ApiResult<unknown> =
        scope === 'mine'
          ? await api.decideAccessRequestAsUser(request.id, decision)
          : await api.decideAccessRequestAsAdmin(request.id, decision.decision);
      setDeciding(null);
      if (!result.ok) {
        setError(describeError(result.error, messages.common.error));
        reload();
        return;
      }
      const approved = decision.decision === 'approve';
      const text =
        scope === 'mine'
          ? approved
            ? t.approved
            : t.denied
          : approved
            ? t.adminApproved(request.requester.email)
            : t.adminDenied(request.requester.email);
      notify({ kind: 'success', title: text, durationMs: DECIDED_NOTICE_MS });
      reload();
    },
    [api, notify, reload, scope, messages, t],
  );

  /** The user takes back an approval they gave (their own list only): the views it allowed end. */
  const revoke = useCallback(
    async (request: AccessRequest) => {
      setDeciding(request.id);
      setRevokeError(null);
      const result = await api.revokeAccessRequestAsUser(request.id);
      setDeciding(null);
      if (!result.ok) {
        setRevokeError(describeError(result.error, messages.common.error));
        reload();
        return;
      }
      notify({ kind: 'success', title: t.revoked, durationMs: DECIDED_NOTICE_MS });
      reload();
    },
    [api, notify, reload, messages, t],
  );

  return { state, reload, deciding, error, decide, revoke, revokeError };
}
