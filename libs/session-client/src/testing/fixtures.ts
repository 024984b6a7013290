import type { Session, SessionUser } from '../lib/types';

/** Session users in each state: a plain user, an admin, and that user while the admin views the app as them. */
export const sessionFixtures = {
  user: { id: 'user-ada', email: 'ada@example.com', role: 'user', isImpersonated: false },
  admin: { id: 'admin-grace', email: 'grace@example.com', role: 'admin', isImpersonated: false },
  impersonated: {
    id: 'user-ada',
    email: 'ada@example.com',
    role: 'user',
    isImpersonated: true,
    impersonator: { id: 'admin-grace', email: 'grace@example.com' },
    impersonationExpiresAt: '2030-01-01T01:00:00.000Z',
  },
} satisfies Record<'user' | 'admin' | 'impersonated', SessionUser>;

export const FIXTURE_SESSION_EXPIRES = '2030-01-31T00:00:00.000Z';

/** A whole session (`GET /api/auth/session`'s answer) around a fixture user, with `act` when it is impersonated, as the server answers. */
export const createSessionFixture = (user: SessionUser, expires = FIXTURE_SESSION_EXPIRES): Session =>
  user.isImpersonated && user.impersonator
    ? { user, expires, act: { sub: user.impersonator.id, email: user.impersonator.email } }
    : { user, expires };
