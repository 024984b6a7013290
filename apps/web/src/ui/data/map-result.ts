import type { ApiResult } from '@viewas/admin-api';

/** The same result with its data reshaped; failures pass through untouched. */
export function mapResult<T, U>(result: ApiResult<T>, map: (data: T) => U): ApiResult<U> {
  return result.ok ? { ok: true, data: map(result.data) } : result;
}
