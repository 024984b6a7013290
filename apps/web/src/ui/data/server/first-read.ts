import type { ApiClientError, ApiResult } from '@viewas/admin-api';
import type { Logger } from '../../../server/logging/logger';
import { isDatabaseUnavailable } from '../../../server/db/unavailable';

/** A read that failed, as the client would have seen it from the API (which answers the same codes). */
function failure(error: unknown): { ok: false; error: ApiClientError } {
  return isDatabaseUnavailable(error)
    ? {
        ok: false,
        error: { code: 'unavailable', message: 'The service is temporarily unavailable, please try again shortly', status: 503 },
      }
    : { ok: false, error: { code: 'internal', message: 'Something went wrong', status: 500 } };
}

/**
 * One section of a page's first data, read on the server. Never throws: a failure is logged and
 * becomes the section's error (with its Try again), and the rest of the page still renders.
 */
export async function firstRead<T>(
  logger: Pick<Logger, 'error'>,
  page: string,
  section: string,
  load: () => Promise<T>,
): Promise<ApiResult<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    logger.error({ err: error, section }, `the ${page} page could not read its first data`);
    return failure(error);
  }
}
