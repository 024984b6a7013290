import { MIN_WEBHOOK_SECRET_LENGTH } from './webhook-signature';

/** The ledger webhook's settings: where rows are posted and the secret they are signed with. */
export interface WebhookConfig {
  /** Where each ledger row is posted (an absolute http(s) URL). */
  url: string;
  /** The key each body's signature is made with. */
  secret: string;
}

/**
 * The webhook settings, checked before anything starts: both or neither, an absolute http(s) URL
 * without credentials, and a secret long enough not to be guessed from a signed body. Throws with a
 * message naming the setting to fix.
 */
export function checkWebhookConfig(url: string | undefined, secret: string | undefined): WebhookConfig | null {
  const givenUrl = url?.trim() ? url.trim() : undefined;
  const givenSecret = secret ? secret : undefined;
  if (!givenUrl && !givenSecret) return null;
  if (!givenUrl) throw new Error('WEBHOOK_SECRET is set but WEBHOOK_URL is not: set both to deliver the ledger by webhook, or neither.');
  if (!givenSecret)
    throw new Error('WEBHOOK_URL is set but WEBHOOK_SECRET is not: set a secret of at least 32 characters (e.g. `openssl rand -hex 32`).');
  let parsed: URL;
  try {
    parsed = new URL(givenUrl);
  } catch {
    throw new Error(`WEBHOOK_URL is not a valid URL: ${JSON.stringify(givenUrl)}.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`WEBHOOK_URL must be an http:// or https:// URL, not ${parsed.protocol}.`);
  if (parsed.username || parsed.password)
    throw new Error('WEBHOOK_URL must not carry a user name or password: receivers check the Viewas-Signature header instead.');
  if (givenSecret.length < MIN_WEBHOOK_SECRET_LENGTH) {
    throw new Error(
      `WEBHOOK_SECRET is ${givenSecret.length} characters long; it must be at least ${MIN_WEBHOOK_SECRET_LENGTH} (e.g. \`openssl rand -hex 32\`).`,
    );
  }
  return { url: parsed.toString(), secret: givenSecret };
}
