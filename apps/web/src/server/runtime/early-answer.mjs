// An answer sent before the request's body was read in full (a 413 after the first bytes over a limit, a
// 415 or 400 that never looked at it) leaves the rest of the body on the connection: the next request on
// it would start in the middle of that body, and a route that stopped reading has destroyed the request
// (Node then resets the socket). Such an answer says `Connection: close`, so the client sends its next
// request on a new connection instead of one that is about to be reset.

/** Whether the request announced a body (a length above zero, or chunked framing). */
function hasBody(request) {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Makes `response` close the connection when its head goes out before `request`'s body was read to its
 * end. Hooks `writeHead`, which Node's `ServerResponse` also calls for headers sent implicitly.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export function closeAfterEarlyAnswer(request, response) {
  // A request without a body (every page load and session read) is left as it is.
  if (!hasBody(request)) return;
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadClosingEarly(...args) {
    if (!this.headersSent && !(request.complete && request.readableEnded)) this.setHeader('connection', 'close');
    return writeHead.apply(this, args);
  };
}
