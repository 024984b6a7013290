import { failure, httpFailure, type Answer } from './http';
import { isRecord, parseSession } from './parse-session';
import type { ClientSafeProvider, Session, SessionResult } from './types';

// Readers for each next-auth answer: the parsed value, or `undefined` when the shape is wrong.

/** `{}` means "no session"; anything else must be a whole session. */
export const readSession = (body: unknown): Session | null | undefined =>
  isRecord(body) && Object.keys(body).length === 0 ? null : (parseSession(body) ?? undefined);

export const readCsrfToken = (body: unknown): string | undefined =>
  isRecord(body) && typeof body['csrfToken'] === 'string' && body['csrfToken'] !== '' ? body['csrfToken'] : undefined;

const PROVIDER_FIELDS = ['id', 'name', 'type', 'signinUrl', 'callbackUrl'] as const;

export function readProviders(body: unknown): Record<string, ClientSafeProvider> | undefined {
  if (!isRecord(body)) return undefined;
  const providers: Record<string, ClientSafeProvider> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!isRecord(value) || !PROVIDER_FIELDS.every((field) => typeof value[field] === 'string')) return undefined;
    const { id, name, type, signinUrl, callbackUrl } = value as unknown as ClientSafeProvider;
    providers[key] = { id, name, type, signinUrl, callbackUrl };
  }
  return providers;
}

/**
 * Reads the `{ url }` that sign-in and sign-out answer in JSON mode. next-auth reports refusals
 * in that URL, as next-auth/react reads them: `?error=<code>`, or `?csrf=true` when the CSRF check
 * failed (which it answers with status 200, so the status alone would call it a success).
 */
export function readRedirect(answer: Answer): SessionResult<{ url: string }> {
  const url = isRecord(answer.body) ? answer.body['url'] : undefined;
  if (typeof url !== 'string') return answer.ok ? failure('invalid_response', answer.status, 'Expected { url }') : httpFailure(answer);
  let params: URLSearchParams;
  try {
    // The base only serves relative URLs (custom pages); absolute ones ignore it.
    params = new URL(url, 'http://localhost').searchParams;
  } catch {
    return failure('invalid_response', answer.status, 'Expected { url }');
  }
  const code = params.get('error') ?? (params.get('csrf') === 'true' ? 'MissingCSRF' : null);
  if (code) return failure('rejected', answer.status, code);
  return answer.ok ? { ok: true, data: { url } } : httpFailure(answer);
}
