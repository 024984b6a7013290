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

/** `GET /api/admin/audit/deliveries`: how webhook delivery of the ledger is doing. */
export const LedgerDeliveriesSchema = z.object({
  success: z.literal(true),
  /** `false` when `WEBHOOK_URL` is not set: the counts are then all zero. */
  enabled: z.boolean(),
  pending: z.number().check(z.int(), z.nonnegative()),
  failing: z.number().check(z.int(), z.nonnegative()),
  failed: z.number().check(z.int(), z.nonnegative()),
  lastError: z.nullable(z.object({ eventId: z.number(), at: TimestampSchema, message: z.string() })),
  lastDeliveredAt: z.nullable(TimestampSchema),
});
export type LedgerDeliveries = z.output<typeof LedgerDeliveriesSchema>;
