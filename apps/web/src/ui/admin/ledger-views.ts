import type { LedgerEvent, Person, ViewMode } from '@viewas/admin-api';

/**
 * The entries of one view read together: its request and approvals, its start, switch-in and end.
 * An entry about no view (a refused attempt, every session of a user ended, a checkpoint) stands alone.
 */
export interface LedgerView {
  /** The id of the view (or of the request, while no view came of it yet), or of the lone entry. */
  key: string;
  /** Newest first, as the ledger lists them. */
  entries: LedgerEvent[];
  /** The entry that says where the view stands now: the newest. */
  latest: LedgerEvent;
  /** When it began: its oldest entry. */
  at: string;
  actor: Person | null;
  target: Person | null;
  /** Said once for the whole view. */
  reason: string | null;
  mode: ViewMode | null;
  /** From the switch into the account to the way out; `null` while it never began or has not ended. */
  durationMs: number | null;
  /** Switched in and not ended yet (as far as the loaded entries show). */
  ongoing: boolean;
}

const ENDINGS = new Set(['impersonation.returned', 'impersonation.ended', 'impersonation.expired']);

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

const modeOf = (event: LedgerEvent): ViewMode | null => {
  const mode = event.detail['mode'];
  return mode === 'read_only' || mode === 'full' ? mode : null;
};

/**
 * Groups ledger entries (newest first) by the view they belong to. A request joins the view it
 * allowed: the start names its request (`detail.accessRequestId`), the request's entries name it
 * (`detail.requestId`). Views keep the order of their newest entry.
 */
export function groupLedgerByView(events: readonly LedgerEvent[]): LedgerView[] {
  const groupOf = new Map<string, string>();
  const members = new Map<string, LedgerEvent[]>();
  // Oldest first, so a request is seen before the view that it allowed.
  for (const event of [...events].reverse()) {
    const requestId = text(event.detail['requestId']) ?? text(event.detail['accessRequestId']);
    const requestKey = requestId ? `request:${requestId}` : null;
    const viewKey = event.impersonationId ? `view:${event.impersonationId}` : null;
    const key =
      (viewKey && groupOf.get(viewKey)) ?? (requestKey && groupOf.get(requestKey)) ?? viewKey ?? requestKey ?? `entry:${event.id}`;
    if (viewKey) groupOf.set(viewKey, key);
    if (requestKey) groupOf.set(requestKey, key);
    const list = members.get(key) ?? [];
    list.unshift(event);
    members.set(key, list);
  }
  const groups = [...members.entries()].map(([key, entries]) => describe(key, entries));
  const position = new Map(events.map((event, index) => [event.id, index]));
  return groups.sort((a, b) => (position.get(a.latest.id) ?? 0) - (position.get(b.latest.id) ?? 0));
}

function describe(key: string, entries: LedgerEvent[]): LedgerView {
  const latest = entries[0] as LedgerEvent;
  const oldest = entries[entries.length - 1] as LedgerEvent;
  const find = (wanted: (event: LedgerEvent) => boolean) => entries.find(wanted) ?? null;
  // The request names the requester as the actor; an approval names the approver: the view is the requester's.
  const owner = find((event) => event.type === 'impersonation.started') ?? oldest;
  const switchedIn = find((event) => event.type === 'impersonation.activated');
  const ending = find((event) => ENDINGS.has(event.type));
  return {
    key,
    entries,
    latest,
    at: oldest.at,
    actor: owner.actor ?? find((event) => event.actor !== null)?.actor ?? null,
    target: owner.target ?? find((event) => event.target !== null)?.target ?? null,
    reason: find((event) => event.reason !== null)?.reason ?? null,
    mode: entries.map(modeOf).find((mode) => mode !== null) ?? null,
    durationMs: switchedIn && ending ? Math.max(0, Date.parse(ending.at) - Date.parse(switchedIn.at)) : null,
    ongoing: switchedIn !== null && ending === null,
  };
}
