import { RefusalError } from '@viewas/admin-api/server';
import type { ApiErrorCode } from '@viewas/admin-api';

/** Why a consent or approval step was refused, and the contract's error code the refusal carries. */
const CONSENT_ERROR_CODES = {
  /** Unknown id, or a request that is not the caller's to see or decide (never tells which). */
  not_found: 'not_found',
  /** Decided already (by this approver, or the request as a whole). */
  already_decided: 'conflict',
  /** A revoke of a request that is not (or no longer) approved. */
  not_approved: 'conflict',
  /** Nobody decided it within its lifetime. */
  expired: 'conflict',
  /** The requester can never approve their own request. */
  own_request: 'forbidden',
  /** Grant minutes outside 1..1440. */
  bad_duration: 'bad_request',
  /** The user said `never` and the start was not a break-glass one. */
  consent_refused: 'consent_refused',
  /** Break-glass is for admins only. */
  break_glass_forbidden: 'forbidden',
  /** Break-glass needs a longer reason, or asked for more than a read-only view. */
  break_glass_invalid: 'bad_request',
} as const satisfies Record<string, ApiErrorCode>;

export type ConsentRefusalReason = keyof typeof CONSENT_ERROR_CODES;

/**
 * The refusal the consent rules throw: a `RefusalError` (its message is safe to show to the caller)
 * that also says which consent rule refused (`reason`), since several share one contract code.
 */
export class ConsentError extends RefusalError {
  override readonly name = 'ConsentError';

  constructor(
    readonly reason: ConsentRefusalReason,
    message: string,
  ) {
    super(CONSENT_ERROR_CODES[reason], message);
  }
}
