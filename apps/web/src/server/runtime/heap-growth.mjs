// Imported by server.mjs before anything allocates much. Under load (50 connections, on a busy machine)
// V8 let the JavaScript heap grow to about four times what survives a full collection, and kept the pages:
// about 300 MB of heap for 60-90 MB of live objects, half the server's peak resident memory. Growing it by
// at most 20% after each full collection keeps it near 100 MB, for 0-12% more CPU time per request under
// that load (more full collections; docs/performance.md, "Memory"). V8 reads this setting at every
// collection, so setting it here, after start, works.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--heap-growing-percent=20');
