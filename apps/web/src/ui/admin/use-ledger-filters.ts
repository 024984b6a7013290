'use client';

import type { AdminApiClient, ApiClientError, Person } from '@viewas/admin-api';
import { useCallback, useState } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { describeError } from '../data/describe-error';
import { useBrowserServices } from '../services/browser-services-context';

/** The ledger filters by user id; people type e-mail addresses. */
export interface LedgerFilters {
  admin: Person | null;
  target: Person | null;
}

export const NO_FILTERS: LedgerFilters = { admin: null, target: null };

/** `person` is null when no user has the e-mail, or when the lookup failed (`error`). */
interface Lookup {
  person: Person | null;
  error: ApiClientError | null;
}

/** The user with exactly this e-mail (ignoring case), found through the user search. */
export async function findUserByEmail(api: Pick<AdminApiClient, 'listUsers'>, email: string): Promise<Lookup> {
  const result = await api.listUsers({ query: email });
  if (!result.ok) return { person: null, error: result.error };
  const wanted = email.toLowerCase();
  const user = result.data.users.find((candidate) => candidate.email.toLowerCase() === wanted);
  return { person: user ? { id: user.id, email: user.email } : null, error: null };
}

export interface FilterErrors {
  admin?: string;
  target?: string;
  /** A failure that is about neither field (the lookup itself failed). */
  form?: string;
}

/** Turns the typed e-mails into the ids the ledger filters by, with an inline error per unknown e-mail. */
export function useLedgerFilters() {
  const { api } = useBrowserServices();
  const { messages } = useI18n();
  const [filters, setFilters] = useState<LedgerFilters>(NO_FILTERS);
  const [errors, setErrors] = useState<FilterErrors>({});
  const [resolving, setResolving] = useState(false);

  const apply = useCallback(
    async (adminEmail: string, targetEmail: string) => {
      setResolving(true);
      const lookup = async (email: string): Promise<Lookup> =>
        email.trim() ? findUserByEmail(api, email.trim()) : { person: null, error: null };
      const [admin, target] = await Promise.all([lookup(adminEmail), lookup(targetEmail)]);
      setResolving(false);
      const failure = admin.error ?? target.error;
      if (failure) {
        setErrors({ form: describeError(failure, messages.common.error) });
        return;
      }
      const next: FilterErrors = {};
      if (adminEmail.trim() && !admin.person) next.admin = messages.admin.ledger.unknownEmail(adminEmail.trim());
      if (targetEmail.trim() && !target.person) next.target = messages.admin.ledger.unknownEmail(targetEmail.trim());
      setErrors(next);
      if (!next.admin && !next.target) setFilters({ admin: admin.person, target: target.person });
    },
    [api, messages],
  );

  const clear = useCallback(() => {
    setErrors({});
    setFilters(NO_FILTERS);
  }, []);

  return { filters, errors, resolving, apply, clear };
}
