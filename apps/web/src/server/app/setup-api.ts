import { findIllFormedText } from '@viewas/admin-api/server';
import { isSameOriginRequest } from '@viewas/admin-api/server';
import { DuplicateEmailError } from '@viewas/impersonation-core';
import type { WebHandler } from '../auth/auth-handler';
import type { Logger } from '../logging/logger';
import { FirstAdminInput, type FirstAdminSetup } from '../services/first-admin-setup';
import { clientIp } from '../services/request-info';

/** The setup form's body is tiny; anything bigger is refused before it is read in full. */
const MAX_BODY_BYTES = 8 * 1024;

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
const failure = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  answer(status, { success: false, error: { code, message, ...(fields ? { fields } : {}) } });

/**
 * `POST /api/setup`: the first administrator, from the one-time setup link's form. Same-origin JSON
 * only (like the admin API); answers `{ success: true, data: { email, signInUrl } }` or the error
 * envelope, with a message per field for invalid input.
 */
export function createSetupApi({
  setup,
  origin,
  clientIpHeader,
  logger,
}: {
  setup: FirstAdminSetup;
  origin: string;
  /** The header the production server writes the client's address into (the rate limit counts per address). */
  clientIpHeader: string | null;
  logger: Logger;
}): WebHandler {
  return async (request) => {
    if (request.method !== 'POST')
      return answer(405, { success: false, error: { code: 'method_not_allowed', message: 'Use POST' } }, { Allow: 'POST' });
    if (!isSameOriginRequest(request, origin)) return failure(403, 'forbidden', 'Cross-site requests are not allowed');
    if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json'))
      return failure(415, 'unsupported_media_type', 'Send JSON');
    const text = await request.text();
    if (text.length > MAX_BODY_BYTES) return failure(413, 'payload_too_large', 'The request is too large');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return failure(400, 'bad_request', 'The request is not valid JSON');
    }
    if (findIllFormedText(body))
      return failure(400, 'bad_request', 'The request holds text that is not well-formed Unicode (a lone surrogate, NUL or U+FEFF)');
    const input = FirstAdminInput.safeParse(body);
    if (!input.success) {
      const fields: Record<string, string> = {};
      for (const issue of input.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        fields[field] ??= issue.message;
      }
      return failure(400, 'validation_failed', 'Some fields need attention', fields);
    }
    try {
      const outcome = await setup.complete(input.data, clientIp(request.headers, clientIpHeader));
      if (outcome.created) return answer(201, { success: true, data: { email: outcome.email, signInUrl: `${origin}/api/auth/signin` } });
      if (outcome.why === 'rate_limited') {
        return answer(
          429,
          { success: false, error: { code: 'rate_limited', message: 'Too many attempts from this address: try again later' } },
          { 'Retry-After': String(outcome.retryAfterSeconds) },
        );
      }
      return outcome.why === 'already_set_up'
        ? failure(409, 'already_set_up', 'This app already has an administrator: sign in instead')
        : failure(
            410,
            'invalid_link',
            'This setup link no longer works (used, expired, or replaced by a newer one). Restart the server for a new link, or create the administrator with npm run user:create.',
          );
    } catch (error) {
      if (error instanceof DuplicateEmailError)
        return failure(409, 'already_set_up', 'This app already has an administrator: sign in instead');
      logger.error({ err: error }, 'first administrator setup failed');
      return failure(500, 'internal', 'Something went wrong');
    }
  };
}
