import { randomUUID } from 'node:crypto';
import {
  createConsentService,
  createMailOutboxWorker,
  createNotifier,
  DEFAULT_SUPPORT_ACCESS,
  type ConsentService,
  type MailOutboxWorker,
  type NotificationReader,
  type SupportAccess,
  type UserRow,
} from '@viewas/impersonation-core';
import {
  createMailOutboxRepository,
  createNotificationsRepository,
  createPostgresConsentStore,
  createPostgresStore,
  type PostgresStoreOptions,
} from '@viewas/impersonation-core/postgres';
import type { MailConfig } from '../config/config';
import type { DatabaseProvider } from '../db/database-provider';
import type { Logger } from '../logging/logger';
import { createSmtpTransport } from '../mail/smtp-transport';

/**
 * Where the app keeps each user's choices. Account settings (`supportAccess`, `emailNotifications`)
 * are stored by the settings feature; until it is wired here every user counts as `allowed` with
 * e-mails on, the defaults the settings start from.
 */
export interface AccountPreferences {
  supportAccessOf(user: UserRow): Promise<SupportAccess> | SupportAccess;
  wantsEmail(userId: string): Promise<boolean>;
}

export const DEFAULT_PREFERENCES: AccountPreferences = { supportAccessOf: () => DEFAULT_SUPPORT_ACCESS, wantsEmail: async () => true };

export interface ConsentWiring {
  service: ConsentService;
  notifications: NotificationReader;
  /** The outbox worker, when e-mail is configured; started and stopped with the server. */
  mailWorker: MailOutboxWorker | null;
  supportAccessOf: AccountPreferences['supportAccessOf'];
}

/** The consent rules, notifications and the e-mail outbox over the app's database. */
export function wireConsent({
  database,
  now,
  origin,
  mail,
  preferences = DEFAULT_PREFERENCES,
  logger,
  storeOptions = {},
}: {
  database: DatabaseProvider;
  now: () => Date;
  origin: string;
  mail: MailConfig | null;
  preferences?: AccountPreferences;
  logger: Logger;
  /** The app's store options (its ledger rows queued for webhooks, when they are on). */
  storeOptions?: PostgresStoreOptions;
}): ConsentWiring {
  const clock = { now };
  const notify = createNotifier({ newId: randomUUID, mail: mail ? { appUrl: origin, messageIdDomain: new URL(origin).hostname } : null });
  const log = logger.child({ component: 'consent' });
  let mailWorker: MailOutboxWorker | null = null;
  const service = createConsentService({
    clock,
    newId: randomUUID,
    store: {
      transaction: async (work) => {
        const consentStore = createPostgresConsentStore({
          store: createPostgresStore(await database.get(), storeOptions),
          notify,
          wantsEmail: preferences.wantsEmail,
        });
        const result = await consentStore.transaction(work);
        // Mail queued by this transaction goes out now rather than at the worker's next poll.
        mailWorker?.wake();
        return result;
      },
    },
  });
  const notifications: NotificationReader = {
    list: async (query) => createNotificationsRepository(await database.get()).list(query),
    unreadCount: async (userId) => createNotificationsRepository(await database.get()).unreadCount(userId),
    markRead: async (input) => createNotificationsRepository(await database.get()).markRead(input),
  };
  if (mail) {
    const transport = createSmtpTransport(mail.smtpUrl);
    mailWorker = createMailOutboxWorker({
      store: {
        claimDue: async (input) => createMailOutboxRepository(await database.get()).claimDue(input),
        markSent: async (...args) => createMailOutboxRepository(await database.get()).markSent(...args),
        markRetry: async (...args) => createMailOutboxRepository(await database.get()).markRetry(...args),
        markFailed: async (...args) => createMailOutboxRepository(await database.get()).markFailed(...args),
      },
      transport,
      from: mail.from,
      clock,
      newToken: randomUUID,
      onEvent: (event) => {
        if (event.type === 'sent') log.info({ mailId: event.mail.id, attempt: event.mail.attempts }, 'notification e-mail sent');
        else if (event.type === 'retry')
          log.warn(
            { mailId: event.mail.id, attempt: event.mail.attempts, error: event.error, nextAttemptAt: event.nextAttemptAt },
            'notification e-mail not sent yet: will retry',
          );
        else
          log.error(
            { mailId: event.mail.id, attempt: event.mail.attempts, error: event.error },
            'notification e-mail given up after a day of retries',
          );
      },
      onError: (error) => log.warn({ err: error }, 'the mail outbox could not be read'),
    });
  }
  return { service, notifications, mailWorker, supportAccessOf: preferences.supportAccessOf };
}
