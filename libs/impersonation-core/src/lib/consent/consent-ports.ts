import type { Person } from '../model';
import type { NotificationContent } from '../notifications/notification';
import type { StoreRepositories } from '../store';
import type { AccessRequest, ViewMode } from './access-request';

/** Where a request came from, for the ledger. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export type ConsentLedgerType =
  | 'impersonation.requested'
  | 'impersonation.approved'
  | 'impersonation.request_denied'
  | 'impersonation.request_expired'
  | 'impersonation.approval_revoked'
  | 'impersonation.break_glass';

export interface ConsentLedgerEntry {
  type: ConsentLedgerType;
  at: Date;
  actor: Person | null;
  target: Person | null;
  impersonationId: string | null;
  reason: string | null;
  origin: RequestOrigin;
  detail: Record<string, unknown>;
}

/** The access requests' storage. Lists are newest first. */
export interface AccessRequestRepository {
  insert(request: AccessRequest): Promise<void>;
  findById(id: string): Promise<AccessRequest | null>;
  /** Stores `request` only if the stored one is still at `expectedVersion`; `false` when another decision got there first. */
  save(request: AccessRequest, expectedVersion: number): Promise<boolean>;
  /** The undecided, unexpired request of this actor for this target and mode, if any. */
  findOpen(query: { actorId: string; targetId: string; mode: ViewMode; now: Date }): Promise<AccessRequest | null>;
  /** Approved requests of this actor for this target whose grant has not ended. */
  findGrants(query: { actorId: string; targetId: string; now: Date }): Promise<AccessRequest[]>;
  /** Requests that ask this user's consent. */
  listForTarget(query: { targetId: string; limit: number }): Promise<AccessRequest[]>;
  /** Requests that need an admin's approval, or that `requesterId` made. */
  listForStaff(query: { requesterId: string; limit: number }): Promise<AccessRequest[]>;
  /** Pending requests whose lifetime is over. */
  listExpirable(query: { now: Date; limit: number }): Promise<AccessRequest[]>;
}

/** One transaction's worth of the ports: a decision, its ledger row and its notifications commit together. */
export interface ConsentUnitOfWork {
  requests: AccessRequestRepository;
  appendLedger(entry: ConsentLedgerEntry): Promise<void>;
  /** Tells a user something, in the app and (when they want e-mails and mail is set up) by e-mail. */
  notify(recipient: Person, content: NotificationContent, at: Date): Promise<void>;
  /** The active admins who may approve a four-eyes request. */
  listActiveAdmins(): Promise<Person[]>;
  /**
   * The impersonation store's repositories in this same transaction (the consent store keeps its rows
   * beside the impersonation store's, its ledger rows in the one chain): a state change written through
   * them commits with the ledger rows and notices of this unit, or none of them does.
   */
  store: StoreRepositories;
}

export interface ConsentStore {
  transaction<T>(work: (uow: ConsentUnitOfWork) => Promise<T>): Promise<T>;
  /**
   * A notification that is the only thing written (`ConsentService.tellViewEnded`, for a host that ended
   * a view itself). A store whose notification is then one statement (no e-mail can be queued beside it)
   * may write it without a transaction around it; without this method it is written in `transaction`.
   */
  notifyAlone?(recipient: Person, content: NotificationContent, at: Date): Promise<void>;
  /**
   * `true` when a notification is one row of the impersonation store's own database and nothing beside it
   * (no e-mail can be queued): the notice that a returned view ended is then written by the statement that
   * ends the view (`ImpersonationsRepository.end`'s `notice`), so the two commit together, in one
   * round trip. Otherwise the return, like every other ending, runs in a unit of work of this store
   * (`ConsentService.endingViews`) that writes the notice in the same transaction.
   */
  notifiesWithTheEnd?: boolean;
}
