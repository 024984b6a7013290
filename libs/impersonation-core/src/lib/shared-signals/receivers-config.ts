import * as z from 'zod';

/** One place SETs are pushed to. */
export interface SignalReceiver {
  /** A short name: the receiver's deliveries in the outbox and its health are filed under it. */
  name: string;
  /** Where SETs are POSTed (RFC 8935). */
  url: string;
  /** The SET's `aud`: how the receiver knows the token is meant for it. */
  audience: string;
  /** Sent as `Authorization: Bearer <token>` when the receiver asks for one. */
  token?: string;
}

/** The outbox channel a receiver's deliveries are filed under (the webhooks' is `webhook`). */
export const signalChannel = (receiver: Pick<SignalReceiver, 'name'>) => `ssf:${receiver.name}`;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
const ReceiverSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'must be 1-40 lower-case letters, digits, "-" or "_"'),
    url: httpUrl.refine((url) => !new URL(url).username && !new URL(url).password, 'must not carry a user name or password'),
    audience: z.string().min(1).max(2048),
    token: z
      .string()
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .max(4096)
      .optional(),
  })
  .strict();
const ReceiversSchema = z
  .array(ReceiverSchema)
  .max(20)
  .refine((receivers) => new Set(receivers.map((receiver) => receiver.name)).size === receivers.length, 'receiver names must differ');

/**
 * `SSF_RECEIVERS`: a JSON array of `{ name, url, audience, token? }`. Throws an error naming what to fix;
 * `[]` when unset.
 */
export function parseSignalReceivers(text: string | undefined): SignalReceiver[] {
  if (!text?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('SSF_RECEIVERS is not JSON: expected [{"name":"siem","url":"https://...","audience":"https://..."}]');
  }
  const parsed = ReceiversSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `SSF_RECEIVERS: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(list)'} ${issue.message}`).join('; ')}`,
    );
  return parsed.data.map((receiver) => ({ ...receiver, url: new URL(receiver.url).toString() }));
}
