import { decodeCursor, encodeCursor, isAnyText, isTimestamp } from '../cursor';
import { isUuid } from '../ids';
import { chainRow, GENESIS_HASH, type ChainedLedgerRow } from '../ledger/ledger-chain';
import {
  toLedgerRowValues,
  type ImpersonationDetails,
  type ImpersonationRow,
  type LedgerEventRow,
  type NewLedgerEvent,
  type Person,
  type UserRow,
} from '../model';
import {
  AlreadyViewingError,
  DuplicateEmailError,
  type ImpersonationFilter,
  type ImpersonationsRepository,
  type ImpersonationStore,
  type LedgerRepository,
  type StoreRepositories,
  type ThrottleRepository,
  type PasswordEntriesRepository,
  type SessionRevocationsRepository,
  type UsersRepository,
} from '../store';
import type { NewNotification } from '../notifications/notifier';
import { matches } from './impersonation-filter';

interface ThrottleRow {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

interface State {
  users: Map<string, UserRow>;
  impersonations: Map<string, ImpersonationRow>;
  ledger: ChainedLedgerRow[];
  throttle: Map<string, ThrottleRow>;
  passwordEntries: Map<string, { sessionAuthTime: number; enteredAt: Date }>;
  /** Single sign-outs, by session id. */
  revokedSessions: Map<string, { userId: string; expiresAt: Date; revokedAt: Date }>;
  /** The notices written beside a change (`end`'s), oldest first. */
  notifications: NewNotification[];
}

/** How `createMemoryStore` makes what a database would: new user ids and the time now. */
export interface MemoryStoreOptions {
  /** New user ids; random UUIDs by default. */
  ids?: () => string;
  /** `createdAt` of new users. */
  now?: () => Date;
}

const copy = <T>(value: T): T => structuredClone(value);
const time = (date: Date | null) => date?.getTime() ?? null;
const byDescending = (a: number, b: number) => b - a;

/**
 * The store in memory, for fast tests of code built on the domain. It passes the same contract suite
 * as the PostgreSQL store: every call is atomic, a transaction runs alone and is undone when it
 * throws, and the same rows come back (copies, never the stored objects).
 */
export interface MemoryStore extends ImpersonationStore {
  /** What the store holds beyond the port's reads, for assertions. */
  inspect(): { throttleKeys: string[]; notifications: NewNotification[] };
}

/** A new, empty store in memory (see `MemoryStore`); every call is independent of every other store's. */
export function createMemoryStore({
  ids = () => globalThis.crypto.randomUUID(),
  now = () => new Date(),
}: MemoryStoreOptions = {}): MemoryStore {
  let state: State = {
    users: new Map(),
    impersonations: new Map(),
    ledger: [],
    throttle: new Map(),
    passwordEntries: new Map(),
    revokedSessions: new Map(),
    notifications: [],
  };
  let nextLedgerId = 1;
  // Calls and transactions run one at a time, like serialisable transactions would.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const personOf = (id: string): Person => {
    const user = state.users.get(id);
    if (!user) throw new Error(`no user ${id}`);
    return { id: user.id, email: user.email };
  };
  const details = (row: ImpersonationRow): ImpersonationDetails => ({
    ...copy(row),
    admin: personOf(row.adminId),
    target: personOf(row.targetId),
    endedBy: row.endedById ? personOf(row.endedById) : null,
  });
  const byNewest = (a: ImpersonationRow, b: ImpersonationRow) =>
    byDescending(a.createdAt.getTime(), b.createdAt.getTime()) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  const emailKey = (user: UserRow) => user.email.toLowerCase();

  /** The next row of the chain, not yet stored (inside a call that already runs alone): it throws before anything changes. */
  const chained = (values: Omit<LedgerEventRow, 'id'>): ChainedLedgerRow =>
    chainRow(state.ledger.at(-1)?.hash ?? GENESIS_HASH, { id: nextLedgerId, ...copy(values) });

  function repositories(guard: <T>(work: () => Promise<T>) => Promise<T>): StoreRepositories {
    const sync = <T>(work: () => T) => guard(async () => work());

    const users: UsersRepository = {
      findById: (id) => sync(() => (isUuid(id) ? copy(state.users.get(id.toLowerCase()) ?? null) : null)),
      findMany: (wanted) =>
        sync(() => {
          const found = new Map<string, UserRow>();
          for (const id of wanted) {
            const user = isUuid(id) ? state.users.get(id.toLowerCase()) : undefined;
            if (user) found.set(user.id, user);
          }
          return copy([...found.values()]);
        }),
      findByEmail: (email) =>
        sync(() => copy([...state.users.values()].find((user) => emailKey(user) === email.trim().toLowerCase()) ?? null)),
      create: (user) =>
        sync(() => {
          const email = user.email.trim();
          if ([...state.users.values()].some((existing) => emailKey(existing) === email.toLowerCase()))
            throw new DuplicateEmailError(user.email);
          const row: UserRow = {
            id: ids(),
            email,
            name: user.name ?? null,
            role: user.role ?? 'user',
            status: user.status ?? 'active',
            passwordHash: user.passwordHash ?? null,
            createdAt: now(),
            lastSignInAt: null,
            sessionGeneration: 0,
            sessionsRevokedAt: null,
          };
          state.users.set(row.id, row);
          return copy(row);
        }),
      async createMany(rows) {
        for (const row of rows) await users.create(row);
      },
      count: () => sync(() => state.users.size),
      search: ({ query, cursor, limit }) =>
        sync(() => {
          const text = query?.trim().toLowerCase();
          const [afterEmail, afterId] = cursor ? decodeCursor(cursor, [isAnyText, isUuid]) : [];
          const isAfter = (user: UserRow) =>
            afterEmail === undefined ||
            afterId === undefined ||
            emailKey(user) > afterEmail ||
            (emailKey(user) === afterEmail && user.id > afterId.toLowerCase());
          const rows = [...state.users.values()]
            .filter((user) => !text || user.email.toLowerCase().includes(text) || (user.name?.toLowerCase().includes(text) ?? false))
            .filter(isAfter)
            .sort((a, b) => (emailKey(a) < emailKey(b) ? -1 : emailKey(a) > emailKey(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
          const page = rows.slice(0, limit);
          const last = page.at(-1);
          return { users: copy(page), nextCursor: rows.length > limit && last ? encodeCursor([emailKey(last), last.id]) : null };
        }),
      recordSignIn: (id, at) =>
        sync(() => {
          const user = isUuid(id) ? state.users.get(id) : undefined;
          if (user) user.lastSignInAt = new Date(at);
        }),
      // As PostgreSQL's trigger (migration 0015) does: a changed role or status raises the session generation.
      setRole: (id, role) =>
        sync(() => {
          const user = state.users.get(id);
          if (user && user.role !== role) raiseGeneration(user);
          if (user) user.role = role;
        }),
      setStatus: (id, status) =>
        sync(() => {
          const user = state.users.get(id);
          if (user && user.status !== status) raiseGeneration(user);
          if (user) user.status = status;
        }),
      replacePasswordHash: (id, { from, to }) =>
        sync(() => {
          const user = isUuid(id) ? state.users.get(id.toLowerCase()) : undefined;
          if (!user || user.passwordHash !== from) return false;
          raiseGeneration(user);
          user.passwordHash = to;
          return true;
        }),
    };

    /**
     * The one write path: `change` says how the row changes (or `null`, nothing to change) without
     * touching it; the changed row, its chained ledger row and the notice are all computed before any is
     * stored, so a change whose ledger row cannot be written leaves nothing behind.
     */
    function write(
      id: string,
      change: (row: ImpersonationRow | undefined) => ImpersonationRow | null,
      event: NewLedgerEvent | undefined,
      name: string,
      notice?: NewNotification,
    ): Promise<ImpersonationRow | null> {
      return sync(() => {
        if (!event) throw new TypeError(`${name} writes its ledger row: it needs the event`);
        const values = toLedgerRowValues(event);
        const changed = change(isUuid(id) ? state.impersonations.get(id.toLowerCase()) : undefined);
        if (!changed) return null;
        const ledgerRow = chained(values);
        const stored = copy(notice ?? null);
        state.impersonations.set(changed.id, changed);
        state.ledger.push(ledgerRow);
        nextLedgerId = ledgerRow.id + 1;
        if (stored) state.notifications.push(stored);
        return copy(changed);
      });
    }

    const find = (filter: ImpersonationFilter) => [...state.impersonations.values()].filter((row) => matches(row, filter));

    const impersonations: ImpersonationsRepository = {
      create: (values, event) =>
        write(
          values.id,
          (existing) => {
            if (existing) throw new Error(`impersonation ${values.id} already exists`);
            personOf(values.adminId);
            personOf(values.targetId);
            return { ...copy(values), startedAt: null, endedAt: null, endReason: null, endedById: null };
          },
          event,
          'create',
        ) as Promise<ImpersonationRow>,
      activate: ({ id, adminId, at }, event) =>
        write(
          id,
          (row) => {
            if (!row || !matches(row, { id, adminId, state: 'pending', at })) return null;
            // What the database's unique index on started, open (admin, target) pairs refuses.
            if (
              find({ adminId: row.adminId, targetId: row.targetId, state: 'open' }).some(
                (other) => other.id !== row.id && other.startedAt !== null,
              )
            )
              throw new AlreadyViewingError();
            return { ...copy(row), startedAt: new Date(at) };
          },
          event,
          'activate',
        ),
      end: ({ where, endedAt, endReason, endedById }, event, notice) =>
        write(
          where.id,
          (row) => (row && matches(row, where) ? { ...copy(row), endedAt: new Date(endedAt), endReason, endedById } : null),
          event,
          'end',
          notice,
        ),
      findById: (id) =>
        sync(() => {
          const row = isUuid(id) ? state.impersonations.get(id.toLowerCase()) : undefined;
          return row ? details(row) : null;
        }),
      find: (filter, { limit } = {}) =>
        sync(() =>
          find(filter)
            .sort(byNewest)
            .slice(0, limit ?? Number.POSITIVE_INFINITY)
            .map(details),
        ),
      exists: (filter) => sync(() => find(filter).length > 0),
      listStartedForTarget: ({ targetId, cursor, limit }) =>
        sync(() => {
          const [beforeAt, beforeId] = cursor ? decodeCursor(cursor, [isTimestamp, isUuid]) : [];
          const position = (row: ImpersonationRow): [number, string] => [time(row.startedAt) ?? 0, row.id];
          const isBefore = (row: ImpersonationRow) => {
            if (beforeAt === undefined || beforeId === undefined) return true;
            const [at, id] = position(row);
            const cursorAt = Date.parse(beforeAt);
            return at < cursorAt || (at === cursorAt && id < beforeId.toLowerCase());
          };
          const rows = [...state.impersonations.values()]
            .filter((row) => row.targetId === targetId && row.startedAt !== null && isBefore(row))
            .sort((a, b) => byDescending(position(a)[0], position(b)[0]) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
          const page = rows.slice(0, limit).map(details);
          const last = page.at(-1);
          return {
            impersonations: page,
            nextCursor: rows.length > limit && last?.startedAt ? encodeCursor([last.startedAt.toISOString(), last.id]) : null,
          };
        }),
    };

    const ledger: LedgerRepository = {
      append: (event) =>
        sync(() => {
          const row = chained(toLedgerRowValues(event));
          state.ledger.push(row);
          nextLedgerId = row.id + 1;
          return copy(row);
        }),
      list: ({ cursor, actorId, targetId, limit }) =>
        sync(() => {
          if ((actorId !== undefined && !isUuid(actorId)) || (targetId !== undefined && !isUuid(targetId)))
            return { events: [], nextCursor: null };
          const before = cursor ? Number(decodeCursor(cursor, [(value) => /^[1-9][0-9]{0,17}$/.test(value)])[0]) : null;
          const rows = state.ledger
            .filter(
              (row) =>
                (!actorId || row.actorId === actorId) && (!targetId || row.targetId === targetId) && (before === null || row.id < before),
            )
            .reverse()
            .slice(0, limit + 1);
          const page = rows.slice(0, limit);
          const last = page.at(-1);
          return { events: copy(page), nextCursor: rows.length > limit && last ? encodeCursor([String(last.id)]) : null };
        }),
      forImpersonation: (impersonationId) =>
        sync(() => (isUuid(impersonationId) ? copy(state.ledger.filter((row) => row.impersonationId === impersonationId)) : [])),
      readPage: ({ actorId, targetId, from, to }, afterId, limit) =>
        sync(() => {
          if ((actorId !== undefined && !isUuid(actorId)) || (targetId !== undefined && !isUuid(targetId))) return [];
          const rows = state.ledger.filter(
            (row) =>
              (afterId === null || row.id > afterId) &&
              (!actorId || row.actorId === actorId) &&
              (!targetId || row.targetId === targetId) &&
              (!from || row.at >= from) &&
              (!to || row.at < to),
          );
          return copy(rows.slice(0, limit));
        }),
      recordedHead: () =>
        sync(() => {
          const last = state.ledger.at(-1);
          return last ? { lastId: last.id, hash: last.hash } : null;
        }),
    };

    const throttle: ThrottleRepository = {
      recordFailure: (key, at, policy) =>
        sync(() => {
          const lockedUntil = new Date(at.getTime() + policy.lockMs);
          const row = state.throttle.get(key);
          if (!row) {
            state.throttle.set(key, {
              failures: 1,
              windowStartedAt: new Date(at),
              lockedUntil: policy.maxFailures <= 1 ? lockedUntil : null,
            });
            return;
          }
          const stale = row.windowStartedAt.getTime() <= at.getTime() - policy.windowMs;
          row.failures = stale ? 1 : row.failures + 1;
          if (stale) row.windowStartedAt = new Date(at);
          if (row.failures >= policy.maxFailures) row.lockedUntil = lockedUntil;
        }),
      takeAttempt: (key, at, policy) =>
        sync(() => {
          const lockEnd = new Date(at.getTime() + policy.lockMs);
          const row = state.throttle.get(key);
          if (!row) {
            const locked = policy.maxFailures < 1 ? lockEnd : null;
            state.throttle.set(key, { failures: 1, windowStartedAt: new Date(at), lockedUntil: locked });
            return locked ? { allowed: false as const, lockedUntil: locked } : { allowed: true as const };
          }
          // A new window starts once the old one has passed, or once a lock has ended; never during a lock.
          const fresh =
            row.lockedUntil === null
              ? row.windowStartedAt.getTime() <= at.getTime() - policy.windowMs
              : row.lockedUntil.getTime() <= at.getTime();
          if (fresh) Object.assign(row, { failures: 1, windowStartedAt: new Date(at), lockedUntil: null });
          else {
            if (row.lockedUntil === null && row.failures + 1 > policy.maxFailures) row.lockedUntil = lockEnd;
            row.failures += 1;
          }
          return row.lockedUntil && row.lockedUntil.getTime() > at.getTime()
            ? { allowed: false as const, lockedUntil: new Date(row.lockedUntil) }
            : { allowed: true as const };
        }),
      refund: (key) =>
        sync(() => {
          const row = state.throttle.get(key);
          if (row) row.failures = Math.max(row.failures - 1, 0);
        }),
      lockedUntil: (keys, at) =>
        sync(() => {
          const until = keys
            .map((key) => time(state.throttle.get(key)?.lockedUntil ?? null))
            .filter((value): value is number => value !== null && value > at.getTime());
          return until.length > 0 ? new Date(Math.max(...until)) : null;
        }),
      clear: (key) =>
        sync(() => {
          state.throttle.delete(key);
        }),
      purgeStale: (at, windowMs) =>
        sync(() => {
          let purged = 0;
          for (const [key, row] of state.throttle) {
            if (
              row.windowStartedAt.getTime() <= at.getTime() - windowMs &&
              (row.lockedUntil === null || row.lockedUntil.getTime() <= at.getTime())
            ) {
              state.throttle.delete(key);
              purged += 1;
            }
          }
          return purged;
        }),
    };

    const passwordEntries: PasswordEntriesRepository = {
      record: ({ userId, sessionAuthTime, at }) =>
        sync(() => {
          state.passwordEntries.set(userId.toLowerCase(), { sessionAuthTime, enteredAt: new Date(at) });
        }),
      last: ({ userId, sessionAuthTime }) =>
        sync(() => {
          const entry = isUuid(userId) ? state.passwordEntries.get(userId.toLowerCase()) : undefined;
          return entry && entry.sessionAuthTime === sessionAuthTime ? new Date(entry.enteredAt) : null;
        }),
    };

    const sessionRevocations: SessionRevocationsRepository = {
      revokeSession: ({ sessionId, userId, expiresAt }) =>
        sync(() => {
          if (!state.revokedSessions.has(sessionId))
            state.revokedSessions.set(sessionId, { userId, expiresAt: new Date(expiresAt), revokedAt: now() });
        }),
      revokeAllSessions: (userId) =>
        sync(() => {
          const user = isUuid(userId) ? state.users.get(userId.toLowerCase()) : undefined;
          if (!user) return null;
          raiseGeneration(user);
          return copy(user);
        }),
      readSince: (since, lifetimeSeconds) =>
        sync(() => {
          const readAt = now();
          const from = since?.getTime() ?? readAt.getTime() - lifetimeSeconds * 1000;
          const generations = [...state.users.values()].flatMap((user) =>
            user.sessionsRevokedAt && user.sessionsRevokedAt.getTime() >= from
              ? [{ userId: user.id, generation: user.sessionGeneration, raisedAt: new Date(user.sessionsRevokedAt) }]
              : [],
          );
          const sessions = [...state.revokedSessions].flatMap(([sessionId, row]) =>
            (since === null || row.revokedAt.getTime() >= from) && row.expiresAt.getTime() > readAt.getTime()
              ? [{ sessionId, expiresAt: new Date(row.expiresAt) }]
              : [],
          );
          return { readAt, generations, sessions };
        }),
    };

    return { users, impersonations, ledger, throttle, passwordEntries, sessionRevocations };
  }

  function raiseGeneration(user: UserRow): void {
    user.sessionGeneration += 1;
    user.sessionsRevokedAt = now();
  }

  const direct = <T>(work: () => Promise<T>) => work();
  return {
    ...repositories(exclusive),
    inspect: () => ({ throttleKeys: [...state.throttle.keys()], notifications: copy(state.notifications) }),
    transaction: (work) =>
      exclusive(async () => {
        const before = { state: copy(state), nextLedgerId };
        try {
          return await work(repositories(direct));
        } catch (error) {
          state = before.state;
          nextLedgerId = before.nextLedgerId;
          throw error;
        }
      }),
  };
}
