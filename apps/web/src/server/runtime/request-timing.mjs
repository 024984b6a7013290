// Times every request the production server answers, from its arrival to the end of its answer (pages,
// static files and API calls alike, whether Next's router or server.mjs answered), and hands the time to
// the app's metrics (`observeRequest` of server/app/app-services.ts), which label it by route pattern.

// The app's server context (server/app/server-context.ts): it exists once Next has run its start-up,
// so it is looked up when the answer ends, not when the request arrives.
const APP_CONTEXT = Symbol.for('viewas.server-context');

export function timeRequest(request, response) {
  const started = performance.now();
  response.once('finish', () => {
    globalThis[APP_CONTEXT]?.observeRequest(request.method, request.url, response.statusCode, (performance.now() - started) / 1000);
  });
}
