import * as z from 'zod/mini';
import { CursorSchema, IdSchema, NextCursorSchema, PersonSchema, TimestampSchema } from './primitives';

/** The ledger's event types today. The wire type stays an open string so older clients keep reading newer ledgers. */
export const KNOWN_LEDGER_EVENT_TYPES = [
  'impersonation.started',
  'impersonation.activated',
  'impersonation.returned',
  'impersonation.ended',
  'impersonation.expired',
  'impersonation.denied',
] as const;
export type KnownLedgerEventType = (typeof KNOWN_LEDGER_EVENT_TYPES)[number];
// `string & {}` keeps editor completion for the known types while accepting new ones.
export type AnyLedgerEventType = KnownLedgerEventType | (string & {});

/** `GET /api/admin/audit?cursor=&admin=&target=`: `admin` and `target` filter by user id. */
export const LedgerQuerySchema = z.object({
  cursor: z.optional(CursorSchema),
  admin: z.optional(IdSchema),
  target: z.optional(IdSchema),
});
export type LedgerQuery = z.output<typeof LedgerQuerySchema>;

export const LedgerEventSchema = z.object({
  id: z.string(),
  at: TimestampSchema,
  type: z.string().check(z.minLength(1)),
  actor: z.nullable(PersonSchema),
  target: z.nullable(PersonSchema),
  impersonationId: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  detail: z.record(z.string(), z.unknown()),
});
export type LedgerEvent = Omit<z.infer<typeof LedgerEventSchema>, 'type'> & { type: AnyLedgerEventType };

/** Newest first. */
export const LedgerPageSchema = z.object({
  events: z.array(LedgerEventSchema),
  nextCursor: NextCursorSchema,
});
export type LedgerPage = { events: LedgerEvent[]; nextCursor: string | null };

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
