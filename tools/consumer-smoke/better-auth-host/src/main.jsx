// The page: sign in, find a user, view as them with a reason, and the banner to return.
import { createAuthClient } from 'better-auth/react';
import { toBannerUser, viewasClient, viewasReturnActions } from '@viewas/impersonation-core/better-auth/client';
import { ImpersonationBanner } from '@viewas/impersonation-banner';
import { GlobalStyle, ThemeProvider } from '@viewas/theme';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';

const authClient = createAuthClient({ plugins: [viewasClient()] });
const returnActions = viewasReturnActions(authClient);

function SignIn() {
  const [error, setError] = useState('');
  async function submit(event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { error } = await authClient.signIn.email({ email: form.get('email'), password: form.get('password') });
    setError(error ? error.message : '');
  }
  return (
    <form onSubmit={submit}>
      <label>
        E-mail <input name="email" type="email" autoComplete="username" />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" />
      </label>
      <button type="submit">Sign in</button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

function AdminPage({ email }) {
  const [users, setUsers] = useState([]);
  const [query, setQuery] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  async function search(event) {
    event.preventDefault();
    const answer = await fetch(`/api/admin/users?query=${encodeURIComponent(query)}`).then((response) => response.json());
    setUsers(answer.users ?? []);
  }
  async function view(userId) {
    const { error } = await authClient.viewas.impersonate({ userId, reason });
    if (error) setError(error.message);
    else window.location.assign('/');
  }
  return (
    <main>
      <h1>Admin: {email}</h1>
      <form onSubmit={search}>
        <label>
          Find a user <input value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      <label>
        Reason <input value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <ul>
        {users.map((user) => (
          <li key={user.id}>
            <button type="button" onClick={() => view(user.id)}>
              View as {user.email}
            </button>
          </li>
        ))}
      </ul>
      {error && <p role="alert">{error}</p>}
    </main>
  );
}

function UserPage({ email }) {
  const [outcome, setOutcome] = useState('');
  async function rename() {
    const { error } = await authClient.updateUser({ name: 'Renamed' });
    setOutcome(error ? `Refused: ${error.code}` : 'Saved');
  }
  return (
    <main>
      <h1>Signed in as {email}</h1>
      <button type="button" onClick={rename}>
        Change my name
      </button>
      {outcome && <p role="status">{outcome}</p>}
    </main>
  );
}

function App() {
  const { data, isPending, refetch } = authClient.useSession();
  if (isPending) return null;
  const user = data?.user;
  const page = !user ? (
    <SignIn />
  ) : user.role === 'admin' && !user.isImpersonated ? (
    <AdminPage email={user.email} />
  ) : (
    <UserPage email={user.email} />
  );
  return (
    <ThemeProvider>
      <GlobalStyle />
      {page}
      <ImpersonationBanner
        user={toBannerUser(data)}
        {...returnActions}
        navigate={(url) => {
          window.history.pushState(null, '', url);
          void refetch();
        }}
      />
      <Toaster />
    </ThemeProvider>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
