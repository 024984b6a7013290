/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import type { JsonAnswer } from '../services/browser-services-context';
import { axe } from '../../../testing/ui/axe';
import { fakeServices, renderWithApp } from '../../../testing/ui/render';
import type { ApiResult } from '@viewas/admin-api';
import type { CheckpointStatus } from './admin-page-data';
import { LedgerIntegrity } from './ledger-integrity';

const HEAD = 'ab'.repeat(32);
const off = { success: true, enabled: false, pending: 0, failing: 0, failed: 0, lastError: null, lastDeliveredAt: null, signals: [] };

const checkpointsOff: ApiResult<CheckpointStatus> = { ok: true, data: { enabled: false } };
const signedAt = '2030-01-02T10:05:00.000Z';
const checkpointWith = (
  delivery: NonNullable<Extract<CheckpointStatus, { enabled: true }>['latest']>['delivery'],
  deliveredTo: string | null = 'https://siem.example.com',
): ApiResult<CheckpointStatus> => ({
  ok: true,
  data: {
    enabled: true,
    verifierKey: 'app.viewas.test/viewas-ledger+0badc0de+AQ==',
    deliveredTo,
    latest: { size: 300, createdAt: signedAt, delivery },
  },
});

function setup(answers: Record<string, JsonAnswer | Error>, checkpoint: ApiResult<CheckpointStatus> = checkpointsOff) {
  const getJson = jest.fn(async (path: string) => {
    const answer = answers[path];
    if (!answer || answer instanceof Error) throw answer ?? new Error('offline');
    return answer;
  });
  return { getJson, ...renderWithApp(<LedgerIntegrity checkpoint={checkpoint} />, { services: fakeServices({ getJson }) }) };
}

const quiet = {
  '/api/admin/audit/verify': { status: 200, body: { success: true, ok: true, count: 42, head: HEAD } },
  '/api/admin/audit/deliveries': { status: 200, body: off },
};

describe('LedgerIntegrity', () => {
  it('says in words that the chain is intact, with the number of entries and the newest hash', async () => {
    const { container } = setup({
      '/api/admin/audit/verify': { status: 200, body: { success: true, ok: true, count: 42, head: HEAD } },
      '/api/admin/audit/deliveries': { status: 200, body: off },
    });
    const status = await screen.findByText('Hash chain intact: all 42 entries verified.');
    expect(within(screen.getAllByRole('status')[0]!).getByText('Intact')).toBeInTheDocument();
    expect(status).toBeInTheDocument();
    expect(screen.getByText(HEAD)).toBeInTheDocument();
    expect(await screen.findByText('The ledger stays in this app’s database; no copy is sent anywhere.')).toBeInTheDocument();
    expect(screen.getAllByText('Not set up')[0]).toBeInTheDocument();
    expect(
      screen.getByText(
        'For operators: set WEBHOOK_URL (your receiver) and WEBHOOK_SECRET (signs each delivery) on the server, then restart it.',
      ),
    ).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('names the first bad entry when the chain is broken, and shows failing deliveries with the last error', async () => {
    const { container } = setup({
      '/api/admin/audit/verify': { status: 200, body: { success: true, ok: false, count: 41, head: HEAD, firstBadId: 17 } },
      '/api/admin/audit/deliveries': {
        status: 200,
        body: {
          ...off,
          enabled: true,
          pending: 3,
          failing: 2,
          lastError: { eventId: 40, at: '2030-01-01T10:00:00.000Z', message: 'the receiver answered 503' },
        },
      },
    });
    expect(
      await screen.findByText('Hash chain broken at entry 17: it was changed, or the entry before it was removed.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Broken')).toBeInTheDocument();
    expect(await screen.findByText('Failing')).toBeInTheDocument();
    expect(screen.getByText('3 waiting, 2 failing, 0 given up.')).toBeInTheDocument();
    expect(screen.getByText('Last error (entry 40): the receiver answered 503')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says that no shared-signals receiver is set up, and what an operator sets', async () => {
    setup(quiet);
    expect(
      await screen.findByText('No shared-signals receiver is set up: session events are not sent as security event tokens.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'For operators: list your receivers in SSF_RECEIVERS on the server (docs/shared-signals.md in the repository), then restart it.',
      ),
    ).toBeInTheDocument();
  });

  it("shows each shared-signals receiver's deliveries by name: a refused one failing with its error, a working one healthy", async () => {
    const { container } = setup({
      ...quiet,
      '/api/admin/audit/deliveries': {
        status: 200,
        body: {
          ...off,
          signals: [
            {
              receiver: 'siem',
              url: 'https://siem.example.com/ssf',
              pending: 0,
              failing: 0,
              failed: 1,
              lastError: { eventId: 9, at: '2030-01-01T10:00:00.000Z', message: 'the receiver answered 400: not retried' },
              lastDeliveredAt: null,
            },
            {
              receiver: 'idp',
              url: 'https://idp.example.com/ssf',
              pending: 1,
              failing: 0,
              failed: 0,
              lastError: null,
              lastDeliveredAt: '2030-01-01T09:00:00.000Z',
            },
          ],
        },
      },
    });
    const receivers = await screen.findByRole('list', { name: 'Shared signals' });
    const [siem, idp] = within(receivers).getAllByRole('listitem');
    expect(siem).toHaveTextContent('siem (https://siem.example.com/ssf):');
    expect(within(siem!).getByText('Failing')).toBeInTheDocument();
    expect(within(siem!).getByText('0 waiting, 0 failing, 1 given up.')).toBeInTheDocument();
    expect(within(siem!).getByText('Last error (entry 9): the receiver answered 400: not retried')).toBeInTheDocument();
    expect(idp).toHaveTextContent('idp (https://idp.example.com/ssf):');
    expect(within(idp!).getByText('Healthy')).toBeInTheDocument();
    expect(within(idp!).getByText('1 waiting, 0 failing, 0 given up.')).toBeInTheDocument();
    expect(within(idp!).getByText(/Last delivered/)).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('reports a verification that failed, and verifies again on request', async () => {
    const answers: Record<string, JsonAnswer | Error> = {
      '/api/admin/audit/verify': { status: 503, body: { success: false, error: { code: 'unavailable', message: 'down' } } },
      '/api/admin/audit/deliveries': new Error('offline'),
    };
    const { user, getJson } = setup(answers);
    expect(await screen.findByText('The ledger could not be verified.')).toBeInTheDocument();
    // Said for the webhook and for the shared-signals receivers alike.
    expect(await screen.findAllByText('Delivery health could not be read.')).toHaveLength(2);

    answers['/api/admin/audit/verify'] = { status: 200, body: { success: true, ok: true, count: 0, head: null } };
    await user.click(screen.getByRole('button', { name: 'Verify again' }));
    expect(await screen.findByText('Hash chain intact: no entries yet, nothing to verify.')).toBeInTheDocument();
    expect(getJson).toHaveBeenCalledTimes(4);
  });

  it.each([
    [0, 'Hash chain intact: no entries yet, nothing to verify.'],
    [1, 'Hash chain intact: the 1 entry is verified.'],
    [2, 'Hash chain intact: all 2 entries verified.'],
  ])('says how many entries were verified in words that fit %i', async (count, text) => {
    setup({
      '/api/admin/audit/verify': { status: 200, body: { success: true, ok: true, count, head: count ? HEAD : null } },
      '/api/admin/audit/deliveries': { status: 200, body: off },
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  describe('the last signed checkpoint', () => {
    it('says checkpoints are off when the server has no signing key', async () => {
      setup(quiet);
      expect(await screen.findByText('Nothing outside the database vouches for the ledger yet.')).toBeInTheDocument();
      expect(
        screen.getByText('For operators: set LEDGER_CHECKPOINT_KEY on the server to sign a checkpoint of the chain regularly.'),
      ).toBeInTheDocument();
    });

    it('says none is signed yet, and when the first will be', async () => {
      setup(quiet, { ok: true, data: { enabled: true, verifierKey: 'k+00000000+AQ==', deliveredTo: null, latest: null } });
      expect(
        await screen.findByText('None yet: the first is signed after 100 entries, or 5 minutes after the first entry.'),
      ).toBeInTheDocument();
    });

    it('shows its size and time, and the receiver it was delivered to', async () => {
      const { container } = setup(quiet, checkpointWith({ status: 'delivered', deliveredAt: signedAt, lastError: null }));
      expect(await screen.findByText(/300 entries, signed/)).toBeInTheDocument();
      expect(screen.getByText(/Delivered to https:\/\/siem\.example\.com/)).toBeInTheDocument();
      expect(await axe(container)).toHaveNoViolations();
    });

    it('says a delivery is being retried, with the last error', async () => {
      setup(quiet, checkpointWith({ status: 'pending', deliveredAt: null, lastError: 'the receiver answered 503' }));
      expect(
        await screen.findByText('Not delivered to https://siem.example.com yet (the receiver answered 503); retrying.'),
      ).toBeInTheDocument();
    });

    it('says it was only published when webhooks are off', async () => {
      setup(quiet, checkpointWith(null, null));
      expect(
        await screen.findByText('Published at /api/ledger/checkpoint (webhooks are off, so it was sent nowhere).'),
      ).toBeInTheDocument();
    });

    it('says when it could not be read', async () => {
      setup(quiet, { ok: false, error: { code: 'unavailable', message: 'down', status: 503 } });
      expect(await screen.findByText('The last checkpoint could not be read.')).toBeInTheDocument();
    });
  });
});
