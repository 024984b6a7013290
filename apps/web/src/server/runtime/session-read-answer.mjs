// `GET /api/auth/session`, the read every page and tab repeats, answered before Next's router (whose own
// work costs more than the read itself). The app's `readSession` is what its route calls: the same status,
// headers and body, written the way Next writes a Response.

// Next's router adds this to every App Router answer; the answer sent here carries it too.
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

/** Writes an answer (headers lower-case and sorted, Set-Cookie lines together) as Next writes a Response. */
function writeAnswer(response, { status, headers, body }) {
  response.statusCode = status;
  response.setHeader('vary', NEXT_VARY);
  for (let index = 0; index < headers.length; index += 1) {
    const [name, value] = headers[index];
    if (name !== 'set-cookie') {
      response.setHeader(name, value);
      continue;
    }
    const cookies = [value];
    while (headers[index + 1]?.[0] === 'set-cookie') cookies.push(headers[(index += 1)][1]);
    response.setHeader('set-cookie', cookies);
  }
  // A body written before the end goes out chunked, as Next sends a Response's body.
  response.write(body);
  response.end();
}

/**
 * A request that failed on this server: logged, and answered 500 without a body if nothing was sent
 * yet, else cut off (a half-sent answer must not look complete). Never throws.
 * @param {import('node:http').ServerResponse} response
 */
export function failRequest(response, error, log) {
  try {
    log.error({ err: error }, 'request failed');
    if (response.headersSent) {
      response.destroy();
      return;
    }
    // Headers the failed answer had set (a half-written session answer's) must not go out with the 500.
    for (const name of response.getHeaderNames()) response.removeHeader(name);
    response.statusCode = 500;
    response.setHeader('cache-control', 'no-store');
    response.end();
  } catch {
    response.destroy();
  }
}

/**
 * Answers `GET /api/auth/session` with the app's `readSession`. Whatever fails, reading or writing, ends
 * in `failRequest`: nothing here can become an unhandled rejection (which would end the process).
 * @param {(cookieHeader: string | null) => Promise<import('@viewas/admin-api/server').HttpAnswer<string>>} readSession
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export async function answerSessionRead(readSession, request, response, log) {
  try {
    writeAnswer(response, await readSession(request.headers.cookie ?? null));
    log.debug({ path: '/api/auth/session' }, 'session read answered before Next');
  } catch (error) {
    failRequest(response, error, log);
  }
}
