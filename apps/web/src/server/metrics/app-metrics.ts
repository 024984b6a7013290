import type { NewLedgerEvent } from '@viewas/impersonation-core';
import type { OperationalGauges } from '@viewas/impersonation-core/postgres';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from '../logging/logger';
import { createRouteLabel, type RouteLabel } from './route-label';

/** How long a scrape waits for the database gauges before answering without them. */
export const GAUGES_TIMEOUT_MS = 2_000;

/** Request durations: from a cached session read (well under a millisecond) to a long export. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The session read's outcomes, as `viewas_session_reads_total{result}` counts them. */
export type SessionReadResult = 'session' | 'none' | 'error';

export interface AppMetrics {
  /** A finished request: its method, path (a query string is ignored), status and duration. */
  observeRequest(method: string, url: string, status: number, seconds: number): void;
  /** A ledger row was committed (the store's `onRecorded`): counts starts, ends by cause and denials by code. */
  recorded(event: NewLedgerEvent): void;
  sessionRead(result: SessionReadResult): void;
  /** A SET pushed to `POST /api/ssf/events`: `accepted`, or the RFC 8935 error it was refused with. */
  signalReceived(result: string): void;
  /** The text exposition: every series, the database gauges read now (or left out, with `viewas_metrics_database_up 0`). */
  render(): Promise<{ contentType: string; body: string }>;
}

export interface AppMetricsOptions {
  /** The admin and account API's paths (`{name}` for a parameter), to label requests by route. */
  apiPatterns: readonly string[];
  /** The gauges only the database knows, read at each scrape. */
  readGauges: () => Promise<OperationalGauges>;
  logger: Logger;
  gaugesTimeoutMs?: number;
  /** prom-client's process and Node.js metrics (CPU, memory, event loop, GC, handles). */
  processMetrics?: boolean;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A label value taken from a ledger row's detail: our own identifiers only; anything else is `other`. */
const identifier = (value: unknown) => (typeof value === 'string' && /^[a-z][a-z0-9_]{0,47}$/.test(value) ? value : 'other');

/** Why a view ended, from its ledger row; `null` for a row that ends none. */
function endCause({ type, detail }: NewLedgerEvent): string | null {
  if (type === 'impersonation.returned') return 'returned';
  // A start nobody took over within its window lapses: it never was a view, but it ends a counted start.
  if (type === 'impersonation.expired') return detail?.['neverStarted'] === true ? 'never_started' : 'expired';
  if (type !== 'impersonation.ended') return null;
  // Ended by a staff member's End, unless the row says what else ended it (sign-out, consent withdrawn, policy).
  return detail?.['via'] === undefined ? 'ended' : identifier(detail['via']);
}

/**
 * The app's Prometheus metrics, in a registry of their own (one per app, so tests and Next's route
 * bundles never share prom-client's global one). Counters come from where things happen (the ledger's
 * commits, the session read, the production server's requests); the gauges from the database, read when
 * scraped, within `gaugesTimeoutMs`.
 */
export function createAppMetrics({
  apiPatterns,
  readGauges,
  logger,
  gaugesTimeoutMs = GAUGES_TIMEOUT_MS,
  processMetrics = true,
}: AppMetricsOptions): AppMetrics {
  const registry = new Registry();
  const gaugesRegistry = new Registry();
  const registers = [registry];
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const durations = new Histogram({
    name: 'viewas_http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by route pattern (never the raw path), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const sessionReads = new Counter({
    name: 'viewas_session_reads_total',
    help: 'GET /api/auth/session answers, by result: a session, none (signed out or ended), or an error.',
    labelNames: ['result'] as const,
    registers,
  });
  const started = new Counter({
    name: 'viewas_impersonation_started_total',
    help: 'Views started (each a ledger row impersonation.started), by mode.',
    labelNames: ['mode'] as const,
    registers,
  });
  const ended = new Counter({
    name: 'viewas_impersonation_ended_total',
    help: 'Views ended, by cause: returned, ended (by staff), expired, never_started (a start not taken over), sign_out, consent_withdrawn, approval_revoked, policy.',
    labelNames: ['cause'] as const,
    registers,
  });
  const denials = new Counter({
    name: 'viewas_impersonation_denials_total',
    help: 'Denied impersonation steps (each a ledger row impersonation.denied), by code (why) and attempt.',
    labelNames: ['code', 'attempt'] as const,
    registers,
  });
  const signals = new Counter({
    name: 'viewas_ssf_received_total',
    help: 'SETs pushed to POST /api/ssf/events, by result: accepted, or the RFC 8935 error code it was refused with (invalid_key, invalid_issuer, invalid_audience, invalid_request, authentication_failed, rate_limited).',
    labelNames: ['result'] as const,
    registers,
  });
  const databaseUp = new Gauge({
    name: 'viewas_metrics_database_up',
    help: 'Whether the database answered this scrape in time (0: the database gauges are left out).',
    registers,
  });

  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [gaugesRegistry] });
  const activeViews = gauge('viewas_impersonation_active', 'Views running now (taken over, not ended, not expired), on every app server.');
  const longestView = gauge(
    'viewas_impersonation_longest_active_seconds',
    'How long the oldest running view has been running (0 when none is).',
  );
  const outboxPending = gauge('viewas_webhook_outbox_pending', 'Ledger rows waiting for webhook delivery (the backlog).');
  const deliveryLag = gauge(
    'viewas_webhook_outbox_oldest_pending_seconds',
    'How long the oldest undelivered ledger row has waited since it was written (delivery lag; 0 when none waits).',
  );
  const ledgerHead = gauge(
    'viewas_ledger_head_id',
    "The id of the ledger's newest row: it grows by one per row written (a rolled-back write may skip one).",
  );

  const routeLabel: RouteLabel = createRouteLabel(apiPatterns);

  async function readGaugesInTime(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the database gauges took longer than ${gaugesTimeoutMs} ms`)), gaugesTimeoutMs);
    });
    try {
      const read = await Promise.race([readGauges(), timeout]);
      activeViews.set(read.activeViews);
      longestView.set(read.longestActiveViewSeconds);
      outboxPending.set(read.outboxPending);
      deliveryLag.set(read.oldestPendingSeconds);
      ledgerHead.set(read.ledgerHeadId);
      return true;
    } catch (error) {
      logger.warn({ err: error }, 'metrics: the database gauges could not be read');
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    observeRequest(method, url, status, seconds) {
      const query = url.indexOf('?');
      const route = routeLabel(query === -1 ? url : url.slice(0, query));
      durations.observe({ route, method: METHODS.has(method) ? method : 'other', status: String(status) }, seconds);
    },
    recorded(event) {
      if (event.type === 'impersonation.started') started.inc({ mode: identifier(event.detail?.['mode']) });
      else if (event.type === 'impersonation.denied')
        denials.inc({ code: identifier(event.detail?.['why']), attempt: identifier(event.detail?.['attempt']) });
      else {
        const cause = endCause(event);
        if (cause) ended.inc({ cause });
      }
    },
    sessionRead(result) {
      sessionReads.inc({ result });
    },
    signalReceived(result) {
      signals.inc({ result: identifier(result) });
    },
    async render() {
      const fresh = await readGaugesInTime();
      databaseUp.set(fresh ? 1 : 0);
      // Stale numbers would read as real ones: without a fresh read the database gauges are left out.
      const body = (await registry.metrics()) + (fresh ? await gaugesRegistry.metrics() : '');
      return { contentType: registry.contentType, body };
    },
  };
}
