import * as z from '../zod';

/** Every failure code the API answers with, and the HTTP status it travels with (docs/architecture.md). */
export const API_ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  /** Starting a view needs the caller's password entered again (`POST /api/admin/reauth`). */
  reauth_required: 401,
  /** The password entered again is not the caller's. */
  invalid_password: 401,
  forbidden: 403,
  /** The viewed user does not allow staff to view their account. */
  consent_refused: 403,
  /** A read-only view may not change anything. */
  read_only: 403,
  /** Only the account holder may change this (consent, e-mail alerts): never someone viewing the account as them. */
  account_holder_only: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export const ApiErrorCodeSchema = z.enum(Object.keys(API_ERROR_STATUS) as [ApiErrorCode, ...ApiErrorCode[]]);

/** Where a request failed validation: `path` is dotted (`targetUser.id`, `users.0.email`). */
export const FieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.output<typeof FieldIssueSchema>;

export const ApiErrorSchema = z.object({
  code: ApiErrorCodeSchema,
  message: z.string(),
  /** Present on `bad_request` answers caused by validation, one entry per invalid field. */
  issues: z.optional(z.array(FieldIssueSchema)),
});
export type ApiError = z.output<typeof ApiErrorSchema>;

/** The body of every failed answer. */
export const ApiErrorEnvelopeSchema = z.object({ success: z.literal(false), error: ApiErrorSchema });
export type ApiErrorEnvelope = z.output<typeof ApiErrorEnvelopeSchema>;
