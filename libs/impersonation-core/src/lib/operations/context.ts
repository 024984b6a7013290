import type { Clock } from '../clock';
import type { DenialLimits } from '../denials';
import type { Policy } from '../governance/define-policy';
import type { DomainLogger } from '../logger';
import type { RequestInfo, UserRow } from '../model';
import type { LiveImpersonations } from '../revocation/live-impersonations';
import type { RevokedSessions } from '../revocation/revoked-sessions';
import type { RevocationList } from '../revocation/revocation-list';
import type { ImpersonationStore } from '../store';
import type { ConsentService } from '../consent/consent-service';
import type { SupportAccess } from '../consent/start-gate';

/** What a password check answers: right, wrong, or refused before checking (too many attempts). */
export type PasswordVerdict = { ok: true } | { ok: false; throttledUntil: Date | null };

/** The host's password check (the same hashing and attempt counting as its sign-in). */
export interface PasswordCheck {
  /** Whether `password` is `user`'s, counted against the host's failed sign-in limit for `request`. */
  check(user: UserRow, password: string, request: RequestInfo): Promise<PasswordVerdict>;
  /** Hashes a new password as the host stores them; without it, a password change is refused. */
  hash?(password: string): Promise<string>;
}

/** The consent and approval rules, and the viewed user's notices, as the operations use them. */
export interface ConsentRules {
  /** The consent service that gates each start (who must approve, break-glass) and tells the viewed user. */
  service: ConsentService;
  /**
   * The stored choice of each of `users`, by user id, read in one go (the admin's user list asks once for its
   * whole page, a start for its one target); the host reads it from wherever it keeps account settings.
   * A user left out of the map has made no choice: `DEFAULT_SUPPORT_ACCESS` applies (`supportAccessReader`).
   */
  supportAccessOfMany(users: readonly UserRow[]): Promise<ReadonlyMap<string, SupportAccess>> | ReadonlyMap<string, SupportAccess>;
}

/**
 * Everything an operation works with, built once by `createImpersonation` and handed to every operation
 * (`operations/*.ts`): no operation reaches for anything else, so each one reads top to bottom on its own.
 */
export interface OperationContext {
  /** The store, or the error of a database that is down right now. */
  store(): Promise<ImpersonationStore>;
  clock: Clock;
  policy: Policy;
  /** New impersonation ids. */
  ids: () => string;
  /** How many denied steps a caller may add to the ledger (`denials.ts`). */
  ledger: { denialLimits: DenialLimits };
  revocations: {
    /** The views this process saw end: refused here at once. */
    views: RevocationList;
    /** The running views, as every app server keeps them current. */
    live: LiveImpersonations;
    /** Sign-outs and raised session generations, as every app server keeps them current. */
    sessions: RevokedSessions;
  };
  /** The consent rules and the viewed user's notices; `null` when the host runs without them. */
  notifier: ConsentRules | null;
  log: DomainLogger;
  sessions: {
    /** The absolute lifetime of a sign-in, in seconds. */
    maxAgeSeconds: number;
    /** How recent a password entry a start needs, in minutes. */
    reauthMinutes: number;
    passwords: PasswordCheck | null;
  };
}
