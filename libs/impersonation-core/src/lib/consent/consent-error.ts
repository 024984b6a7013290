/** Why a consent or approval step was refused, and the HTTP status an API answers it with. */
export const CONSENT_ERROR_STATUS = {
  /** Unknown id, or a request that is not the caller's to see or decide (never tells which). */
  not_found: 404,
  /** Decided already (by this approver, or the request as a whole). */
  already_decided: 409,
  /** A revoke of a request that is not (or no longer) approved. */
  not_approved: 409,
  /** Nobody decided it within its lifetime. */
  expired: 409,
  /** The requester can never approve their own request. */
  own_request: 403,
  /** Grant minutes outside 1..1440. */
  bad_duration: 400,
  /** The user said `never` and the start was not a break-glass one. */
  consent_refused: 403,
  /** Break-glass is for admins only. */
  break_glass_forbidden: 403,
  /** Break-glass needs a longer reason, or asked for more than a read-only view. */
  break_glass_invalid: 400,
} as const;

export type ConsentErrorCode = keyof typeof CONSENT_ERROR_STATUS;

/** The one error the consent rules throw; its message is safe to show to the caller. */
export class ConsentError extends Error {
  override readonly name = 'ConsentError';
  readonly status: number;

  constructor(
    readonly code: ConsentErrorCode,
    message: string,
  ) {
    super(message);
    this.status = CONSENT_ERROR_STATUS[code];
  }
}
