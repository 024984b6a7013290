import { ledgerEventFixture } from '../../../testing/ui/fixtures';
import { groupLedgerByView } from './ledger-views';

const event = ledgerEventFixture;

describe('groupLedgerByView', () => {
  it('puts the entries of one view in one group, newest first, keeping the order of each view’s newest entry', () => {
    const views = groupLedgerByView([
      event({ id: 'b2', type: 'impersonation.returned', impersonationId: 'imp_b', at: '2030-01-01T11:30:00.000Z' }),
      event({ id: 'a2', type: 'impersonation.expired', impersonationId: 'imp_a', at: '2030-01-01T11:00:00.000Z' }),
      event({ id: 'b1', type: 'impersonation.started', impersonationId: 'imp_b', at: '2030-01-01T10:30:00.000Z' }),
      event({ id: 'a1', type: 'impersonation.started', impersonationId: 'imp_a', at: '2030-01-01T10:00:00.000Z' }),
    ]);
    expect(views.map((view) => view.entries.map((entry) => entry.id))).toEqual([
      ['b2', 'b1'],
      ['a2', 'a1'],
    ]);
    expect(views.map((view) => view.at)).toEqual(['2030-01-01T10:30:00.000Z', '2030-01-01T10:00:00.000Z']);
  });

  it('joins a request, its approval and the view it allowed, owned by the requester, with the mode the request named', () => {
    const [view, ...rest] = groupLedgerByView([
      event({ id: '4', type: 'impersonation.activated', impersonationId: 'imp_1', reason: null, at: '2030-01-01T10:05:00.000Z' }),
      event({ id: '3', type: 'impersonation.started', impersonationId: 'imp_1', detail: { accessRequestId: 'req_1' } }),
      event({
        id: '2',
        type: 'impersonation.approved',
        impersonationId: null,
        actor: { id: 'other', email: 'second@example.com' },
        reason: null,
        detail: { requestId: 'req_1', mode: 'full' },
      }),
      event({ id: '1', type: 'impersonation.requested', impersonationId: null, detail: { requestId: 'req_1', mode: 'full' } }),
    ]);
    expect(rest).toEqual([]);
    expect(view?.entries.map((entry) => entry.id)).toEqual(['4', '3', '2', '1']);
    expect(view?.actor?.email).toBe('grace@example.com');
    expect(view?.mode).toBe('full');
    expect(view?.reason).toBe('Ticket #4521: invoice page is blank');
    expect(view?.ongoing).toBe(true);
    expect(view?.durationMs).toBeNull();
  });

  it('measures a view from the switch into the account to its end, and not at all when it never began', () => {
    const [ended, neverBegan] = groupLedgerByView([
      event({ id: 'a3', type: 'impersonation.ended', impersonationId: 'imp_a', at: '2030-01-01T10:47:00.000Z' }),
      event({ id: 'b2', type: 'impersonation.expired', impersonationId: 'imp_b', at: '2030-01-01T10:40:00.000Z' }),
      event({ id: 'a2', type: 'impersonation.activated', impersonationId: 'imp_a', at: '2030-01-01T10:05:00.000Z' }),
      event({ id: 'b1', type: 'impersonation.started', impersonationId: 'imp_b', at: '2030-01-01T10:01:00.000Z' }),
      event({ id: 'a1', type: 'impersonation.started', impersonationId: 'imp_a', at: '2030-01-01T10:00:00.000Z' }),
    ]);
    expect(ended?.durationMs).toBe(42 * 60_000);
    expect(ended?.ongoing).toBe(false);
    expect(neverBegan?.durationMs).toBeNull();
    expect(neverBegan?.latest.type).toBe('impersonation.expired');
  });

  it('leaves an entry about no view on its own', () => {
    const views = groupLedgerByView([
      event({ id: '2', type: 'user.sessions_ended', impersonationId: null, reason: null }),
      event({ id: '1', type: 'impersonation.denied', impersonationId: null }),
    ]);
    expect(views.map((view) => [view.key, view.entries.length, view.mode])).toEqual([
      ['entry:2', 1, null],
      ['entry:1', 1, null],
    ]);
  });
});
