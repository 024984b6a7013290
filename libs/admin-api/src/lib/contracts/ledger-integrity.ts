import * as z from '../zod';
import { TimestampSchema } from './primitives';
import { IdSchema } from './requests';

// The ledger's verify, export and delivery routes: server-side contracts in a file of their own, so
// the browser entry (which only needs their types) does not carry the schemas.
/** `GET /api/admin/audit/verify`: the whole chain checked; `firstBadId` names the first row that does not hold. */
export const LedgerVerifySchema = z.object({
  success: z.literal(true),
  ok: z.boolean(),
  count: z.number().check(z.int(), z.nonnegative()),
  head: z.nullable(z.string()),
  firstBadId: z.optional(z.number().check(z.int(), z.positive())),
});
export type LedgerVerify = z.output<typeof LedgerVerifySchema>;

export const LEDGER_EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type LedgerExportFormat = (typeof LEDGER_EXPORT_FORMATS)[number];

/**
 * `GET /api/admin/audit/export?format=csv|ndjson&admin=&target=&from=&to=`: every matching row, oldest
 * first; `from` inclusive, `to` exclusive.
 */
export const LedgerExportQuerySchema = z
  .object({
    format: z.enum(LEDGER_EXPORT_FORMATS),
    admin: z.optional(IdSchema),
    target: z.optional(IdSchema),
    from: z.optional(TimestampSchema),
    to: z.optional(TimestampSchema),
  })
  .check(
    z.refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
      message: '`from` must not be after `to`',
      path: ['to'],
    }),
  );
export type LedgerExportQuery = z.output<typeof LedgerExportQuerySchema>;

/** A streamed export, as the service hands it to the handler. */
export interface LedgerExportBody {
  contentType: string;
  filename: string;
  body: ReadableStream<Uint8Array>;
}

const Count = z.number().check(z.int(), z.nonnegative());
/** How one destination's deliveries are doing: the ledger's webhook, or one shared-signals receiver. */
const DeliveryHealthShape = {
  /** Rows not delivered yet (due now or waiting for a retry). */
  pending: Count,
  /** Of those, the ones whose last attempt failed. */
  failing: Count,
  /** Given up on (a final refusal, or 24 h of retries). */
  failed: Count,
  lastError: z.nullable(z.object({ eventId: z.number(), at: TimestampSchema, message: z.string() })),
  lastDeliveredAt: z.nullable(TimestampSchema),
};

/** One shared-signals receiver (`SSF_RECEIVERS`): where its Security Event Tokens are pushed, and how that goes. */
export const SignalDeliveriesSchema = z.object({
  /** The receiver's name, as configured. */
  receiver: z.string(),
  /** Where its SETs are pushed (RFC 8935). */
  url: z.string(),
  ...DeliveryHealthShape,
});
export type SignalDeliveries = z.output<typeof SignalDeliveriesSchema>;

/** `GET /api/admin/audit/deliveries`: how delivery of the ledger is doing, to the webhook and to each shared-signals receiver. */
export const LedgerDeliveriesSchema = z.object({
  success: z.literal(true),
  /** `false` when `WEBHOOK_URL` is not set: the counts are then all zero. */
  enabled: z.boolean(),
  ...DeliveryHealthShape,
  /** Each shared-signals receiver; empty when none is configured (or SETs are not signed). */
  signals: z.array(SignalDeliveriesSchema),
});
export type LedgerDeliveries = z.output<typeof LedgerDeliveriesSchema>;
