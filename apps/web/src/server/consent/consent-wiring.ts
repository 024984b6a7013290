import { randomUUID } from 'node:crypto';
import {
  createMailOutboxWorker,
  type AccountSettingsService,
  type ConsentService,
  type MailOutboxWorker,
  type NotificationReader,
  type SupportAccess,
  type UserRow,
} from '@viewas/impersonation-core';
import { createPostgresConsent, type PostgresStoreOptions } from '@viewas/impersonation-core/postgres';
import type { MailConfig } from '../config/config';
import type { DatabaseProvider } from '../db/database-provider';
import type { Logger } from '../logging/logger';
import { createSmtpTransport } from '../mail/smtp-transport';

/**
 * Where the consent rules read each user's choices. The app's answer is the account settings
 * (`accountPreferences`); tests may pass their own. The e-mail switch in the settings is read by the
 * store inside each notification's transaction; `wantsEmail` here can only say no on top of it.
 */
export interface AccountPreferences {
  /** Each user's stored support-access choice, by id, for many users in one read (`ConsentRules.supportAccessOfMany`). */
  supportAccessOfMany(users: readonly UserRow[]): Promise<ReadonlyMap<string, SupportAccess>> | ReadonlyMap<string, SupportAccess>;
  wantsEmail(userId: string): Promise<boolean>;
}

/** The users' own account settings as the consent rules' preferences. */
export function accountPreferences(settings: Pick<AccountSettingsService, 'supportAccessOfMany'>): AccountPreferences {
  return { supportAccessOfMany: (users) => settings.supportAccessOfMany(users.map((user) => user.id)), wantsEmail: async () => true };
}

export interface ConsentWiring {
  service: ConsentService;
  notifications: NotificationReader;
  /** The outbox worker, when e-mail is configured; started and stopped with the server. */
  mailWorker: MailOutboxWorker | null;
  supportAccessOfMany: AccountPreferences['supportAccessOfMany'];
}

/** The consent rules, notifications and the e-mail outbox over the app's database. */
export function wireConsent({
  database,
  now,
  origin,
  mail,
  preferences,
  logger,
  storeOptions = {},
}: {
  database: DatabaseProvider;
  now: () => Date;
  origin: string;
  mail: MailConfig | null;
  preferences: AccountPreferences;
  logger: Logger;
  /** The app's store options (its ledger rows queued for webhooks, when they are on). */
  storeOptions?: PostgresStoreOptions;
}): ConsentWiring {
  const clock = { now };
  const log = logger.child({ component: 'consent' });
  let mailWorker: MailOutboxWorker | null = null;
  const consent = createPostgresConsent({
    db: () => database.get(),
    clock,
    newId: randomUUID,
    mail: mail ? { appUrl: origin, messageIdDomain: new URL(origin).hostname } : null,
    wantsEmail: preferences.wantsEmail,
    storeOptions,
    // Mail queued by a consent decision goes out now rather than at the worker's next poll.
    onCommit: () => mailWorker?.wake(),
  });
  if (mail) {
    const transport = createSmtpTransport(mail.smtpUrl);
    mailWorker = createMailOutboxWorker({
      store: consent.mailOutbox,
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
  return {
    service: consent.service,
    notifications: consent.notifications,
    mailWorker,
    supportAccessOfMany: preferences.supportAccessOfMany,
  };
}
