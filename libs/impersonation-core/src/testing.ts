// For tests of code built on the domain: an in-memory store held to the same contract as the
// PostgreSQL store, a clock that moves only when told to, the consent rules over a store a test supplies,
// and the domain's timings and limits a test waits on or probes at their edge (the host never sets them).
export { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from './lib/memory/memory-store';
export { createManualClock } from './lib/clock';
export { createConsentService, type ConsentServiceOptions } from './lib/consent/consent-service';
export { OPEN_DURING_READ_ONLY, lifecycleRequest, type LifecycleRequest } from './lib/governance/read-only';
export { REVOCATION_WINDOW_MS, ON_DEMAND_RELOAD_AFTER_MS } from './lib/revocation/live-impersonations';
export { ACCESS_REQUEST_LIFETIME_MS } from './lib/consent/access-request';
export { BREAK_GLASS_REASON_MIN_LENGTH } from './lib/consent/start-gate';
export { MIN_WEBHOOK_SECRET_LENGTH } from './lib/webhooks/webhook-signature';
export { WEBHOOK_TIMEOUT_MS, FIRST_RETRY_DELAY_MS } from './lib/webhooks/webhook-delivery';
