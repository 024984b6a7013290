import type { ApiClientError } from '@viewas/admin-api';
import type { Messages } from '../../i18n/messages';

/** Codes whose server message is written for the person at the keyboard (a conflict, a bad reason). */
const SPEAKING_CODES = new Set(['bad_request', 'conflict', 'not_found', 'rate_limited', 'consent_refused', 'account_holder_only']);

/** The sentence to show for a failed call: our own words, or the server's where they say more. */
export function describeError(error: ApiClientError, messages: Messages['common']['error']): string {
  switch (error.code) {
    case 'network':
      return messages.network;
    case 'unavailable':
      return messages.unavailable;
    case 'unauthenticated':
      return messages.unauthenticated;
    case 'forbidden':
      return messages.forbidden;
    default:
      return SPEAKING_CODES.has(error.code) && error.message ? error.message : messages.generic;
  }
}
