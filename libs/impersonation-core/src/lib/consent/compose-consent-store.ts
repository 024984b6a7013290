import type { Person } from '../model';
import type { NotificationSink, Notify } from '../notifications/notifier';
import type { StoreRepositories } from '../store';
import type { AccessRequestRepository, ConsentLedgerEntry, ConsentStore } from './consent-ports';

/** What one transaction of the host's storage offers the consent rules. */
export interface ConsentTransactionParts {
  requests: AccessRequestRepository;
  appendLedger(entry: ConsentLedgerEntry): Promise<void>;
  notifications: NotificationSink;
  listActiveAdmins(): Promise<Person[]>;
  /** The impersonation store's repositories in the same transaction. */
  store: StoreRepositories;
}

/** The consent store from a host's transaction and the notifier: notifications are written in the same transaction as their cause. */
export function composeConsentStore({
  transaction,
  notify,
}: {
  transaction: <T>(work: (parts: ConsentTransactionParts) => Promise<T>) => Promise<T>;
  notify: Notify;
}): ConsentStore {
  return {
    transaction: (work) =>
      transaction((parts) =>
        work({
          requests: parts.requests,
          appendLedger: (entry) => parts.appendLedger(entry),
          listActiveAdmins: () => parts.listActiveAdmins(),
          store: parts.store,
          notify: (recipient, content, at) => notify(parts.notifications, recipient, content, at),
        }),
      ),
  };
}
