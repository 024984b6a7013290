import * as z from '../zod';
import { NextCursorSchema, PersonSchema, TimestampSchema } from './primitives';

export type { LedgerQuery } from './requests';

/** The ledger's event types today. The wire type stays an open string so older clients keep reading newer ledgers. */
export const KNOWN_LEDGER_EVENT_TYPES = [
  'impersonation.started',
  'impersonation.activated',
  'impersonation.returned',
  'impersonation.ended',
  'impersonation.expired',
  'impersonation.denied',
  'impersonation.approval_revoked',
] as const;
export type KnownLedgerEventType = (typeof KNOWN_LEDGER_EVENT_TYPES)[number];
// `string & {}` keeps editor completion for the known types while accepting new ones.
export type AnyLedgerEventType = KnownLedgerEventType | (string & {});

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
export type LedgerEvent = Omit<z.output<typeof LedgerEventSchema>, 'type'> & { type: AnyLedgerEventType };

/** Newest first. */
export const LedgerPageSchema = z.object({
  events: z.array(LedgerEventSchema),
  nextCursor: NextCursorSchema,
});
export type LedgerPage = { events: LedgerEvent[]; nextCursor: string | null };
