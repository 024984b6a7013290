import type { Database, Queryable } from '../db/database';
import { createAccessRequestsRepository } from './access-requests';
import { createAuditLog } from './audit-log';
import { createImpersonationsRepository } from './impersonations';
import { createMailOutboxRepository } from './mail-outbox';
import { createNotificationsRepository } from './notifications';
import { createSignInThrottle } from './sign-in-throttle';
import { createUsersRepository } from './users';

function repositories(db: Queryable) {
  return {
    users: createUsersRepository(db),
    impersonations: createImpersonationsRepository(db),
    audit: createAuditLog(db),
    throttle: createSignInThrottle(db),
    accessRequests: createAccessRequestsRepository(db),
    notifications: createNotificationsRepository(db),
    mailOutbox: createMailOutboxRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositories>;

export interface Storage extends Repositories {
  /** Runs `work` in one transaction: a state change and its ledger row commit together or not at all. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
}

/** The storage contract the app is written against; the same on PGlite and PostgreSQL. */
export function createStorage(db: Database): Storage {
  return {
    ...repositories(db),
    transaction: (work) => db.transaction((tx) => work(repositories(tx))),
  };
}
