/** How long in-flight requests may take to finish once a shutdown starts. */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Stops an HTTP server the way a deployment expects: no new connections, requests in flight are
 * answered (with `Connection: close`, and their connection closed right after), connections still busy
 * after `drainTimeoutMs` are cut, and only then `onDrained` runs (closing the database). Calling it
 * again returns the same promise, so a second signal does not start a second shutdown.
 */
export function createGracefulShutdown(server, { onDrained, drainTimeoutMs = DRAIN_TIMEOUT_MS }) {
  let stopping;
  const unanswered = new Set();
  server.on('request', (request, response) => {
    if (stopping) response.setHeader('Connection', 'close');
    unanswered.add(response);
    response.on('finish', () => {
      unanswered.delete(response);
      // Not kept alive for a next request that would find the server gone.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    response.on('close', () => unanswered.delete(response));
  });

  return function shutdown() {
    stopping ??= (async () => {
      for (const response of unanswered) if (!response.headersSent) response.setHeader('Connection', 'close');
      const closed = new Promise((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = setTimeout(() => server.closeAllConnections(), drainTimeoutMs);
      deadline.unref();
      await closed;
      clearTimeout(deadline);
      await onDrained();
    })();
    return stopping;
  };
}
