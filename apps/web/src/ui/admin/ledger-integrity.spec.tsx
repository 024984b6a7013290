/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import type { JsonAnswer } from '../services/app-services';
import { axe } from '../../../testing/ui/axe';
import { fakeServices, renderWithApp } from '../../../testing/ui/render';
import { LedgerIntegrity } from './ledger-integrity';

const HEAD = 'ab'.repeat(32);
const off = { success: true, enabled: false, pending: 0, failing: 0, failed: 0, lastError: null, lastDeliveredAt: null };

function setup(answers: Record<string, JsonAnswer | Error>) {
  const getJson = jest.fn(async (path: string) => {
    const answer = answers[path];
    if (!answer || answer instanceof Error) throw answer ?? new Error('offline');
    return answer;
  });
  return { getJson, ...renderWithApp(<LedgerIntegrity />, { services: fakeServices({ getJson }) }) };
}

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
    expect(await screen.findByText('Off: WEBHOOK_URL is not set, so the ledger is not sent anywhere.')).toBeInTheDocument();
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

  it('reports a verification that failed, and verifies again on request', async () => {
    const answers: Record<string, JsonAnswer | Error> = {
      '/api/admin/audit/verify': { status: 503, body: { success: false, error: { code: 'unavailable', message: 'down' } } },
      '/api/admin/audit/deliveries': new Error('offline'),
    };
    const { user, getJson } = setup(answers);
    expect(await screen.findByText('The ledger could not be verified.')).toBeInTheDocument();
    expect(await screen.findByText('Delivery health could not be read.')).toBeInTheDocument();

    answers['/api/admin/audit/verify'] = { status: 200, body: { success: true, ok: true, count: 0, head: null } };
    await user.click(screen.getByRole('button', { name: 'Verify again' }));
    expect(await screen.findByText('Hash chain intact: all 0 entries verified.')).toBeInTheDocument();
    expect(getJson).toHaveBeenCalledTimes(4);
  });
});
