import type { Clock } from '../clock';
import type { NotificationReader } from '../notifications/notification-reader';
import { createConsentService, type ConsentService } from '../consent/consent-service';
import type { ApprovalRules } from '../consent/start-gate';
import type { MailOutboxStore } from '../mail-outbox/mail-outbox';
import { createNotifier, type NotifierOptions } from '../notifications/notifier';
import { createPostgresConsentStore } from './consent-store';
import type { Database } from './database';
import { createMailOutboxRepository } from './mail-outbox';
import { createNotificationsRepository } from './notifications';
import { createPostgresStore, type PostgresStoreOptions } from './postgres-store';

/** What consent on PostgreSQL needs: the database, the clock and ids, and optionally e-mail and the approval rules. */
export interface PostgresConsentOptions {
  /**
   * The host's Drizzle database, or how to get it (a host that opens it on first use, or again after an outage):
   * the impersonation store's own, which holds the one ledger chain and, without e-mail, writes a returned
   * view's notification in the statement that ends it.
   */
  db: Database | (() => Database | Promise<Database>);
  /** The clock every request's expiry, decision time and notification is stamped with. */
  clock: Clock;
  /** New ids for requests, notifications and e-mails: UUIDs (the columns are `uuid`). */
  newId: () => string;
  /** E-mail besides the in-app notifications: the app's URL for the links and the Message-ID domain. None by default. */
  mail?: NotifierOptions['mail'];
  /** A further say over e-mails beyond each user's own setting (which the store reads itself); yes by default. */
  wantsEmail?: (userId: string) => Promise<boolean>;
  /** The host's store options (its ledger rows queued for webhooks, when they are on). */
  storeOptions?: PostgresStoreOptions;
  /** Called after each consent transaction that committed: e.g. to wake the mail outbox worker for the mail it queued. */
  onCommit?: () => void;
  /** Which view modes need a second admin's approval; absent: `full` views only. The same rules as the domain's. */
  rules?: ApprovalRules;
}

/** `createPostgresConsent`'s answer: the consent service, the notifications reader and the mail outbox. */
export interface PostgresConsent {
  /** The consent rules (`createImpersonation`'s and `createAdminApiService`'s `consent.service`). */
  service: ConsentService;
  /** The users' notifications as the admin API reads and marks them. */
  notifications: NotificationReader;
  /** The queued notification e-mails, for `createMailOutboxWorker`'s `store`. */
  mailOutbox: MailOutboxStore;
}

/**
 * Consent on PostgreSQL or PGlite in one call: the consent rules over the consent store (each decision, its ledger
 * row, its notifications and their queued e-mails in one transaction), the notifications reader and the mail outbox.
 */
export function createPostgresConsent({
  db,
  clock,
  newId,
  mail = null,
  wantsEmail,
  storeOptions = {},
  onCommit,
  rules,
}: PostgresConsentOptions): PostgresConsent {
  const database = typeof db === 'function' ? async () => db() : async () => db;
  const notify = createNotifier({ newId, mail });
  const service = createConsentService({
    clock,
    newId,
    rules,
    store: {
      async transaction(work) {
        const store = createPostgresConsentStore({ store: createPostgresStore(await database(), storeOptions), notify, wantsEmail });
        const result = await store.transaction(work);
        onCommit?.();
        return result;
      },
      // Without e-mail a notification is one insert: it needs no transaction around it, and the notice of a
      // returned view is written by the return's own statement (the impersonation store's, on this database).
      ...(mail
        ? {}
        : {
            notifiesWithTheEnd: true,
            async notifyAlone(recipient, content, at) {
              const notifications = createNotificationsRepository(await database());
              await notify(
                {
                  addNotification: (notification) => notifications.add(notification),
                  enqueueMail: async () => {
                    throw new Error('no e-mail is set up: nothing may be queued');
                  },
                  wantsEmail: async () => false,
                },
                recipient,
                content,
                at,
              );
            },
          }),
    },
  });
  const notificationsOf = async () => createNotificationsRepository(await database());
  const outbox = async () => createMailOutboxRepository(await database());
  return {
    service,
    notifications: {
      list: async (query) => (await notificationsOf()).list(query),
      unreadCount: async (userId) => (await notificationsOf()).unreadCount(userId),
      markRead: async (input) => (await notificationsOf()).markRead(input),
    },
    mailOutbox: {
      claimDue: async (input) => (await outbox()).claimDue(input),
      renewLease: async (...args) => (await outbox()).renewLease(...args),
      markSent: async (...args) => (await outbox()).markSent(...args),
      markRetry: async (...args) => (await outbox()).markRetry(...args),
      markFailed: async (...args) => (await outbox()).markFailed(...args),
    },
  };
}
