import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header receivers check: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const SIGNATURE_HEADER = 'Viewas-Signature';
/** The ledger row's id: the same on every attempt, so receivers can drop a repeat. */
export const EVENT_ID_HEADER = 'Viewas-Event-Id';
/** How far `t` may be from the receiver's clock before a signature is refused (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** A shorter secret is refused at start: it would be guessable offline from one signed body. */
export const MIN_WEBHOOK_SECRET_LENGTH = 32;

export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const t = Math.floor(unixSeconds);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}

/** What `verifyWebhookSignature` checks: the shared secret, the raw body, the signature header and the time now. */
export interface SignatureCheck {
  /** The webhook's shared secret, as configured on both ends. */
  secret: string;
  /** The raw request body, exactly as received. */
  body: string;
  /** The `Viewas-Signature` header's value; absent or `null` never verifies. */
  header: string | null | undefined;
  /** The receiver's clock, in Unix seconds. */
  nowSeconds: number;
  /** How far the header's `t` may be from `nowSeconds`, in seconds; absent: `SIGNATURE_TOLERANCE_SECONDS` (300). */
  toleranceSeconds?: number;
}

/** What a receiver does: the signature must match (compared in constant time) and `t` be recent. */
export function verifyWebhookSignature({
  secret,
  body,
  header,
  nowSeconds,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
}: SignatureCheck): boolean {
  const parts = new Map<string, string[]>();
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.split('=', 2);
    if (key && value) parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex'), 'utf8');
  return (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
