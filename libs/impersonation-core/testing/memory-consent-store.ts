import type { Person } from '../src/lib/model';
import type { AccessRequest } from '../src/lib/consent/access-request';
import type { ConsentLedgerEntry, ConsentStore, ConsentUnitOfWork } from '../src/lib/consent/consent-ports';
import type { NotificationContent } from '../src/lib/notifications/notification';
import type { ImpersonationStore, StoreRepositories } from '../src/lib/store';

export interface MemoryConsentStore extends ConsentStore {
  requests: Map<string, AccessRequest>;
  ledger: ConsentLedgerEntry[];
  notifications: { recipient: Person; content: NotificationContent; at: Date }[];
  admins: Person[];
}

/** The unit's `store` when no impersonation store was given: a test that writes a view through it must give one. */
const NO_IMPERSONATION_STORE = new Proxy({} as StoreRepositories, {
  get() {
    throw new Error('this memory consent store was made without an impersonation store to write views through');
  },
});

/**
 * The consent ports in memory, for tests of the domain. Writes land at once (like a row update that
 * holds its lock) and are undone when `work` throws; `save` compares versions atomically like the
 * database's conditional UPDATE, so of two racing decisions only one is saved. With `impersonations`
 * (a memory store), each unit runs inside one of its transactions and offers it as the unit's `store`:
 * what the unit writes there is undone with the rest when `work` throws.
 */
export function createMemoryConsentStore(admins: Person[] = [], impersonations?: ImpersonationStore): MemoryConsentStore {
  const requests = new Map<string, AccessRequest>();
  const ledger: ConsentLedgerEntry[] = [];
  const notifications: MemoryConsentStore['notifications'] = [];
  const newestFirst = (rows: AccessRequest[]) => rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

  return {
    requests,
    ledger,
    notifications,
    admins,
    transaction: (work) =>
      impersonations ? impersonations.transaction((tx) => unitOfWork(work, tx)) : unitOfWork(work, NO_IMPERSONATION_STORE),
  };

  async function unitOfWork<T>(work: (uow: ConsentUnitOfWork) => Promise<T>, store: StoreRepositories): Promise<T> {
    const undo: (() => void)[] = [];
    const write = (request: AccessRequest) => {
      const before = requests.get(request.id);
      undo.push(() => (before ? requests.set(request.id, before) : requests.delete(request.id)));
      requests.set(request.id, request);
    };
    const rows: ConsentLedgerEntry[] = [];
    const told: MemoryConsentStore['notifications'] = [];
    const read = (id: string) => requests.get(id) ?? null;
    const all = () => [...requests.values()];
    const uow: ConsentUnitOfWork = {
      requests: {
        async insert(request) {
          write(request);
        },
        async findById(id) {
          return read(id);
        },
        async save(request, expectedVersion) {
          if (read(request.id)?.version !== expectedVersion) return false;
          write(request);
          return true;
        },
        async findOpen({ actorId, targetId, mode, now }) {
          return (
            all().find(
              (r) =>
                r.requester.id === actorId && r.target.id === targetId && r.mode === mode && r.status === 'pending' && r.expiresAt > now,
            ) ?? null
          );
        },
        async findGrants({ actorId, targetId, now }) {
          return all().filter(
            (r) =>
              r.requester.id === actorId &&
              r.target.id === targetId &&
              r.status === 'approved' &&
              r.grantEndsAt !== null &&
              r.grantEndsAt > now,
          );
        },
        async listForTarget({ targetId, limit }) {
          return newestFirst(all().filter((r) => r.target.id === targetId && r.approvers.includes('user'))).slice(0, limit);
        },
        async listForStaff({ requesterId, limit }) {
          return newestFirst(all().filter((r) => r.approvers.includes('admin') || r.requester.id === requesterId)).slice(0, limit);
        },
        async listExpirable({ now, limit }) {
          return all()
            .filter((r) => r.status === 'pending' && r.expiresAt <= now)
            .slice(0, limit);
        },
      },
      async appendLedger(entry) {
        rows.push(entry);
      },
      async notify(recipient, content, at) {
        told.push({ recipient, content, at });
      },
      async listActiveAdmins() {
        return admins;
      },
      store,
    };
    let result;
    try {
      result = await work(uow);
    } catch (error) {
      for (const step of undo.reverse()) step();
      throw error;
    }
    ledger.push(...rows);
    notifications.push(...told);
    return result;
  }
}
