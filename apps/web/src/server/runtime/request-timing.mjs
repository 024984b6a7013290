// Times every request the production server answers, from its arrival to the end of its answer (pages,
// static files and API calls alike, whether Next's router or server.mjs answered), and hands the time to
// the app's metrics (`observeRequest` of server/app/app-services.ts), which label it by route pattern.

import { offeredApp } from './server-bridge.mjs';

// nginx's code for a request whose client went away before its answer ended (a fetch that followed a
// redirect without reading its body, a closed tab): counted too, or they would vanish from the rates.
const CLIENT_CLOSED = 499;

export function timeRequest(request, response) {
  const started = performance.now();
  // 'close' comes after the answer ended, or when the connection closed first ('finish' never comes then).
  response.once('close', () => {
    const status = response.writableFinished ? response.statusCode : CLIENT_CLOSED;
    // The app offers its metrics once Next has run its start-up: looked up when the answer ends.
    offeredApp()?.observeRequest(request.method, request.url, status, (performance.now() - started) / 1000);
  });
}
