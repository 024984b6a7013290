// The app's own sign-in (any Auth.js credentials app has one): an account of the core's `users` table and its
// password. The session carries exactly the claims it answers.
import { signInClaims } from '@viewas/impersonation-core';
import { createPostgresStore } from '@viewas/impersonation-core/postgres';
import Credentials from 'next-auth/providers/credentials';
import { verifyPassword } from './password.js';

export function passwordSignIn(db) {
  const { users } = createPostgresStore(db);
  return Credentials({
    credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
    async authorize({ email, password }) {
      const user = await users.findByEmail(String(email ?? ''));
      const ok = user?.status === 'active' && (await verifyPassword(String(password ?? ''), user.passwordHash));
      return ok ? { id: user.id, email: user.email, claims: signInClaims(user, new Date()) } : null;
    },
  });
}
