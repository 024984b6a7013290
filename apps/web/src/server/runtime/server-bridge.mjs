// The one hand-off between the production server (server.mjs, plain JavaScript outside Next's bundles)
// and the app (built by Next, which may load the app's modules once per route bundle). Neither can import
// the other's instance of a module, so the hand-off lives in one process-wide slot, owned by this file:
// the app offers what the server needs once its start-up ran, and the server offers how to print the
// start-up banner. Types and documentation: server-bridge.d.mts.

const SLOT = Symbol.for('viewas.server-bridge');

/** @returns {{ app: import('./server-bridge.d.mts').AppHandOff | null, printBanner: ((banner: string) => void) | null }} */
function slot() {
  return (globalThis[SLOT] ??= { app: null, printBanner: null });
}

export function offerApp(handOff) {
  slot().app = handOff;
}

export function offeredApp() {
  return slot().app;
}

export function offerBannerPrinter(print) {
  slot().printBanner = print;
}

export function printBanner(banner) {
  const print = slot().printBanner;
  if (print) print(banner);
  else process.stderr.write(`${banner}\n`);
}
