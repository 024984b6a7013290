import * as z from '../zod';
import { en } from 'zod/locales';
import type { FieldIssue } from '../contracts/errors';
import { RefusalError } from '../contracts/refusal-error';
import { illFormedTextError, isWellFormedUrlEncoded } from '../contracts/well-formed-text';
import type { ApiRequest } from './api-request';

// zod/mini ships without messages; the English locale is applied per parse so nothing global changes.
const englishMessages = en().localeError;

/** Validates one part of a request (`body`, `query`, `path`); failures become 400 with each field path. */
export function validateInput<T extends z.core.$ZodType>(schema: T, value: unknown, part: string): z.output<T> {
  const result = z.safeParse(schema, value, { error: englishMessages });
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const fields = [...new Set(issues.map((issue) => issue.path).filter(Boolean))];
  const message = fields.length ? `Invalid request ${part}: ${fields.join(', ')}` : `Invalid request ${part}`;
  throw new RefusalError('bad_request', message, { issues });
}

/**
 * The first non-empty value of each query parameter. Empty values count as absent, since forms and
 * naive clients send `?query=&cursor=`; unknown parameters are dropped by the schema. A query string
 * whose escapes are not UTF-8 or decode to NUL is refused (`URLSearchParams` would make U+FFFD of them).
 */
export function queryObject(request: ApiRequest): Record<string, string> {
  const url = new URL(request.url);
  if (!isWellFormedUrlEncoded(url.search)) throw illFormedTextError('query string');
  const first = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    if (value !== '' && !first.has(key)) first.set(key, value);
  }
  return Object.fromEntries(first);
}
