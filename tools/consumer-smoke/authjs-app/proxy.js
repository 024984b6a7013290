import { viewas } from './lib/viewas.js';

// Every request passes the core's read-only gate: a read-only view's writes (pages, routes, server actions)
// answer 403 read_only; anything else goes on (no answer).
export const proxy = (request) => viewas().proxy(request);

export const config = { matcher: ['/((?!_next/static|_next/image|icon.svg).*)'] };
