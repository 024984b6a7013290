import type { Person } from '../model';
import { and, asc, eq } from 'drizzle-orm';
import { composeConsentStore } from '../consent/compose-consent-store';
import type { ConsentLedgerEntry, ConsentStore } from '../consent/consent-ports';
import { isUuid } from '../ids';
import type { NewLedgerEvent } from '../model';
import type { Notify } from '../notifications/notifier';
import type { Queryable } from './database';
import type { PostgresStore } from './postgres-store';
import { accountSettings } from './account-settings-schema';
import { users } from './schema';

/** A consent ledger entry as a ledger row: the request's reason, who, and where from. */
export function consentLedgerEvent(entry: ConsentLedgerEntry): NewLedgerEvent {
  return {
    at: entry.at,
    type: entry.type,
    actor: entry.actor,
    target: entry.target,
    impersonationId: entry.impersonationId,
    reason: entry.reason,
    ip: entry.origin.ip,
    userAgent: entry.origin.userAgent,
    detail: entry.detail,
  };
}

/** Whom to tell and how: the admins who may approve, and whether a user wants e-mails. Read in the caller's transaction. */
export function createRecipientsRepository(db: Queryable) {
  return {
    async listActiveAdmins(): Promise<Person[]> {
      return db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
        .orderBy(asc(users.email));
    },
    /**
     * Whether the account exists, is active and has not turned e-mails off in its settings (migration
     * 0010; no settings row means on). Read in the caller's transaction, so PGlite's single connection
     * is never asked twice at once.
     */
    async acceptsEmail(userId: string): Promise<boolean> {
      if (!isUuid(userId)) return false;
      const [row] = await db
        .select({ status: users.status, emailNotifications: accountSettings.emailNotifications })
        .from(users)
        .leftJoin(accountSettings, eq(accountSettings.userId, users.id))
        .where(eq(users.id, userId));
      return row?.status === 'active' && row.emailNotifications !== false;
    },
  };
}

/**
 * The consent rules' store on PostgreSQL or PGlite: each decision, its ledger row (in the one ledger
 * chain), its notifications and their queued e-mails commit in one transaction.
 */
export function createPostgresConsentStore({
  store,
  notify,
  wantsEmail = async () => true,
}: {
  store: PostgresStore;
  notify: Notify;
  /** A further say over e-mails beyond the user's own setting (which this store reads itself); yes by default. */
  wantsEmail?: (userId: string) => Promise<boolean>;
}): ConsentStore {
  return composeConsentStore({
    notify,
    transaction: (work) =>
      store.transaction((tx) =>
        work({
          requests: tx.accessRequests,
          appendLedger: async (entry) => void (await tx.ledger.append(consentLedgerEvent(entry))),
          notifications: {
            addNotification: (notification) => tx.notifications.add(notification),
            enqueueMail: (mail) => tx.mailOutbox.enqueue(mail),
            wantsEmail: async (id) => (await tx.recipients.acceptsEmail(id)) && (await wantsEmail(id)),
          },
          listActiveAdmins: () => tx.recipients.listActiveAdmins(),
          store: tx,
        }),
      ),
  });
}
