// For tests of code built on the domain: an in-memory store held to the same contract as the
// PostgreSQL store, and a clock that moves only when told to.
export { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from './lib/memory/memory-store';
export { createManualClock } from './lib/clock';
