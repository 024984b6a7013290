import type { HttpAnswer } from '@viewas/admin-api/server';

/** What the app gives the production server once its start-up (instrumentation.ts) has run. */
export interface AppHandOff {
  /**
   * `GET /api/auth/session` for a `Cookie` header: exactly what the route answers (the same code runs for
   * both), for the server to send before Next's router. Never rejects: a failure is a 500 answer. Header
   * names are lower-case, in the order a `Headers` object lists them, each Set-Cookie a pair of its own.
   */
  readSession(cookieHeader: string | null): Promise<HttpAnswer<string>>;
  /**
   * Each request's duration as its answer ends (`status` 499 when the client left first), for the request
   * duration histogram; `url` is the request line's target, which the app labels by route pattern.
   */
  observeRequest(method: string, url: string, status: number, seconds: number): void;
  /** After the server's last request: stops the app's timers and workers and closes the database. */
  shutdown(): Promise<void>;
}

/** The app, after its start-up: makes `GET /api/auth/session` answerable before Next and the shutdown reachable. */
export declare function offerApp(handOff: AppHandOff): void;
/** What the app offered, or `null` before its start-up ran (then every request goes through Next). */
export declare function offeredApp(): AppHandOff | null;
/** The server: how the app's start-up banner is printed (held back until the server listens). */
export declare function offerBannerPrinter(print: (banner: string) => void): void;
/** The app: prints the start-up banner (plain text, never a JSON log line): the server's way, else on standard error. */
export declare function printBanner(banner: string): void;
