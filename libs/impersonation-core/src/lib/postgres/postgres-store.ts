import type { ImpersonationStore, StoreRepositories } from '../store';
import type { Database, Queryable } from './database';
import { createImpersonationsRepository } from './impersonations';
import { createLedgerRepository } from './ledger';
import { createThrottleRepository } from './throttle';
import { createUsersRepository } from './users';

function repositories(db: Queryable): StoreRepositories {
  return {
    users: createUsersRepository(db),
    impersonations: createImpersonationsRepository(db),
    ledger: createLedgerRepository(db),
    throttle: createThrottleRepository(db),
  };
}

/**
 * The store on PostgreSQL or PGlite, over a Drizzle database the host opened (node-postgres or PGlite)
 * and migrated with this package's `drizzle/` folder. Every state change is one atomic statement, so
 * the rules hold however many app servers share the database.
 */
export function createPostgresStore(db: Database): ImpersonationStore {
  return {
    ...repositories(db),
    transaction: (work) => db.transaction((tx) => work(repositories(tx))),
  };
}
