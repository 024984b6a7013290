import { createAccountSettingsService, type AccountSettingsService } from '../account/account-settings-service';
import { systemClock, type Clock } from '../clock';
import type { NotificationReader } from '../notifications/notification-reader';
import type { ConsentService } from '../consent/consent-service';
import { createImpersonation, type Impersonation, type PasswordCheck } from '../create-impersonation';
import type { Policy } from '../governance/define-policy';
import type { DomainLogger } from '../logger';
import { silentLogger } from '../logger';
import type { NotifierOptions } from '../notifications/notifier';
import { createAccountSettingsStore } from './account-settings';
import type { Database } from './database';
import { createPostgresConsent } from './postgres-consent';
import { createPostgresStore, type PostgresStoreOptions } from './postgres-store';

/** What the whole domain on PostgreSQL needs from the host: the database and the sign-in lifetime; the rest has defaults. */
export interface PostgresImpersonationOptions {
  /** The host's Drizzle database (node-postgres or PGlite), migrated with this package's `drizzle/` folder, or how to get it. */
  db: Database | (() => Database | Promise<Database>);
  /** The absolute lifetime of the host's sign-ins, in seconds: a view never outlives the admin's session. */
  sessionMaxAgeSeconds: number;
  /** Who may view whom, in which modes, for how long (`definePolicy`); absent: `defaultAccessPolicy()`. */
  policy?: Policy;
  /** Step-up: a start needs a password entry in the caller's session within this many minutes; absent: 15. */
  reauthMinutes?: number;
  /** The host's password check for step-up (`reauth`); without it, `reauth` is refused. */
  passwords?: PasswordCheck;
  /** The time every rule and row is judged and stamped at; absent: the system clock. */
  clock?: Clock;
  /** New ids for consent requests, notifications and settings changes: UUIDs; absent: `crypto.randomUUID()`. */
  newId?: () => string;
  /** Where the domain logs (starts, ends, refusals); absent: nothing is logged. */
  logger?: DomainLogger;
  /** E-mail notices besides the in-app ones (their outbox worker is the host's to run); none by default. */
  mail?: NotifierOptions['mail'];
  /** The store's options (webhook outbox routing, session signals, `onRecorded`), for the domain's and consent's stores alike. */
  storeOptions?: PostgresStoreOptions;
}

/** The domain and what its admin API needs, wired over one PostgreSQL database. */
export interface PostgresImpersonation {
  /** The lifecycle: start, take over, return, end, session checks, and the reads the admin API answers. */
  impersonation: Impersonation;
  /** Consent, as `createFetchAdminApi`'s `consent`: the approval rules, the users' notifications and the same clock. */
  consent: { service: ConsentService; notifications: NotificationReader; clock: Clock };
  /** The users' own settings (support access, e-mail notices); a withdrawn consent ends every view of that user. */
  accountSettings: AccountSettingsService;
}

/**
 * The whole impersonation domain on one database in one call, for a host that keeps its accounts elsewhere
 * (Better Auth, Auth.js): the lifecycle, the consent rules with the users' own `supportAccess` from their
 * account settings, notifications, and a withdrawn consent ending every view of that user.
 */
export function createPostgresImpersonation(options: PostgresImpersonationOptions): PostgresImpersonation {
  const { db, clock = systemClock, newId = () => globalThis.crypto.randomUUID(), logger = silentLogger } = options;
  const database = async () => (typeof db === 'function' ? db() : db);
  const consent = createPostgresConsent({ db: database, clock, newId, mail: options.mail ?? null, storeOptions: options.storeOptions });
  const accountSettings = createAccountSettingsService({
    store: async () => createAccountSettingsStore(await database()),
    clock,
    newId,
    onConsentWithdrawn: async (user) => {
      await impersonation.endViewsOnConsentWithdrawn(user);
    },
  });
  const impersonation = createImpersonation({
    store: async () => createPostgresStore(await database(), options.storeOptions),
    sessionMaxAgeSeconds: options.sessionMaxAgeSeconds,
    policy: options.policy,
    reauthMinutes: options.reauthMinutes,
    passwords: options.passwords,
    clock,
    logger,
    consent: {
      service: consent.service,
      supportAccessOfMany: (users) => accountSettings.supportAccessOfMany(users.map((user) => user.id)),
    },
  });
  return { impersonation, consent: { service: consent.service, notifications: consent.notifications, clock }, accountSettings };
}
