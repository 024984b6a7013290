// Plain JS: the app's logger and server.mjs (outside the Next.js bundles) both serialise errors with it.
import pino from 'pino';

/** Error fields that hold a database query's bound values or the row it was about (e-mails, reasons, hashes). */
const DATA_FIELDS = ['params', 'parameters', 'detail', 'internalQuery', 'where'];
const REDACTED = '[redacted]';
const MAX_CAUSE_DEPTH = 4;

/**
 * An error as a log field (pino's standard shape: type, message, stack, own fields) with the data a
 * database driver attaches removed: Drizzle's `Failed query: <sql>\nparams: <values>` keeps its SQL and
 * loses its values, PostgreSQL's and PGlite's `detail` ("Key (email)=(ada@example.com) already exists")
 * goes, and a URL keeps no query string. The same for every `cause` down the chain.
 */
export function scrubError(error, depth = 0) {
  if (!(error instanceof Error)) {
    // next-auth hands its logger plain objects too, some with the request's URL.
    return error && typeof error === 'object' && typeof error.url === 'string' ? { ...error, url: withoutQuery(error.url) } : error;
  }
  const serialized = pino.stdSerializers.err(error);
  const message = scrubMessage(serialized.message);
  const scrubbed = { ...serialized, message };
  if (typeof serialized.stack === 'string') scrubbed.stack = scrubStack(serialized.stack.replace(serialized.message, message));
  for (const field of DATA_FIELDS) if (field in scrubbed) scrubbed[field] = REDACTED;
  if (typeof scrubbed.url === 'string') scrubbed.url = withoutQuery(scrubbed.url);
  if (error.cause !== undefined)
    scrubbed.cause = depth < MAX_CAUSE_DEPTH && error.cause instanceof Error ? scrubError(error.cause, depth + 1) : REDACTED;
  return scrubbed;
}

/** Drops everything from a Drizzle `params:` line to the end of the message. */
function scrubMessage(text) {
  return typeof text === 'string' ? text.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`) : text;
}

/** The same in a stack: from `params:` to the first frame (or the end, if there is none). */
function scrubStack(stack) {
  return stack.replace(/\nparams: (?!\[redacted\])[\s\S]*?(?=\n\s+at |$)/, `\nparams: ${REDACTED}`);
}

/** A URL (absolute or a path) without its query string or fragment, which can carry tokens and e-mails. */
export function withoutQuery(url) {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}
