'use client';
// The host's own pages, kept to what the smoke test walks: sign in, find a user, view as them with a reason.
import { createAdminApiClient, isPendingApproval } from '@viewas/admin-api';
import { signInImpersonation, useSessionUser } from '@viewas/session-client/next-auth';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { UserHome } from './user-home.jsx';

const adminApi = createAdminApiClient();

function SignInForm() {
  const [error, setError] = useState(null);
  async function submit(event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await signIn('credentials', { email: form.get('email'), password: form.get('password'), redirect: false });
    if (result?.ok && !result.error) window.location.assign('/');
    else setError('Wrong e-mail or password');
  }
  return (
    <form onSubmit={submit} aria-label="Sign in">
      <label>
        E-mail <input name="email" type="email" required />
      </label>
      <label>
        Password <input name="password" type="password" required />
      </label>
      <button type="submit">Sign in</button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

function AdminPage({ user }) {
  const [query, setQuery] = useState('');
  const [reason, setReason] = useState('');
  const [users, setUsers] = useState([]);
  const [error, setError] = useState(null);

  async function search(event) {
    event.preventDefault();
    const page = await adminApi.listUsers({ query });
    if (page.ok) setUsers(page.data.users);
    else setError(page.error.message);
  }

  async function viewAs(target) {
    const started = await adminApi.startImpersonation({ userId: target.id, reason });
    if (!started.ok) return setError(started.error.message);
    if (isPendingApproval(started.data)) return setError('Waiting for approval');
    const signedIn = await signInImpersonation(started.data.impersonationId);
    if (signedIn.ok) window.location.assign('/');
    else setError(signedIn.error);
  }

  return (
    <main>
      <h1>Admin: {user.email}</h1>
      <form onSubmit={search} role="search">
        <label>
          Find a user <input value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      <label>
        Reason <input value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <ul>
        {users.map((found) => (
          <li key={found.id}>
            {found.email}{' '}
            <button type="button" disabled={!found.impersonable} onClick={() => viewAs(found)}>
              View as {found.email}
            </button>
          </li>
        ))}
      </ul>
      {error && <p role="alert">{error}</p>}
    </main>
  );
}

export default function Home() {
  const { status, user } = useSessionUser();
  if (status === 'loading') return <p aria-busy="true">Loading…</p>;
  if (status === 'unauthenticated') return <SignInForm />;
  if (user.isImpersonated) return <UserHome user={user} />;
  return <AdminPage user={user} />;
}
