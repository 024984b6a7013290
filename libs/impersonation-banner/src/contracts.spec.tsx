// The banner declares the shapes it reads (types.ts) instead of depending on its sibling libraries.
// This file type-checks (`typecheck` target) that the real ones still fit: the session user from
// session-client, the admin-api client's returnToAdmin and the next-auth binding's signInReturnToAdmin.
import { render, screen } from '@testing-library/react';
import type { AdminApiClient } from '@viewas/admin-api';
import type { SessionUser } from '@viewas/session-client';
import type { signInReturnToAdmin } from '@viewas/session-client/next-auth';
import { ImpersonationBanner } from './components/impersonation-banner';
import { BADGE_LABEL } from '../testing/defaults';

const sessionUser: SessionUser = {
  id: 'user-1',
  email: 'jane.doe@example.com',
  role: 'user',
  isImpersonated: true,
  impersonator: { id: 'admin-1', email: 'ada.admin@viewas.dev' },
  impersonationExpiresAt: '2025-03-01T13:00:00.000Z',
};

const returnToAdmin: AdminApiClient['returnToAdmin'] = async () => ({
  ok: true,
  data: { success: true, adminUser: { id: 'admin-1', email: 'ada.admin@viewas.dev' } },
});

const signIn: typeof signInReturnToAdmin = async () => ({ ok: true, error: null });

describe('contracts with session-client and admin-api', () => {
  it('takes the session user, the admin-api client and the next-auth binding exactly as they are', () => {
    render(<ImpersonationBanner user={sessionUser} returnToAdmin={returnToAdmin} signIn={signIn} navigate={jest.fn()} />);
    expect(screen.getByRole('button', { name: BADGE_LABEL })).toBeInTheDocument();
  });
});
