// A React app with no Next.js that wires the four published @viewas packages together the way
// the README tells a consumer to: the session client, the admin API client, the theme, the banner.
import { createAdminApiClient } from '@viewas/admin-api';
import { ImpersonationBanner } from '@viewas/impersonation-banner';
import { createSessionClient } from '@viewas/session-client';
import { GlobalStyle, ThemeProvider } from '@viewas/theme';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';

const adminApi = createAdminApiClient();
const sessions = createSessionClient();

function App() {
  const [user, setUser] = useState(null);
  const [path, setPath] = useState(window.location.pathname);

  const refreshSession = useCallback(async () => {
    const session = await sessions.getSession();
    setUser(session.ok ? (session.data?.user ?? null) : null);
  }, []);

  useEffect(() => {
    void refreshSession();
  }, [refreshSession]);

  // Like next-auth's SessionProvider: a successful sign-in refreshes the session.
  const signIn = async (adminUserId) => {
    const result = await sessions.signIn('return-to-admin', { adminUserId });
    if (!result.ok) return { ok: false, error: result.error.message };
    await refreshSession();
    return { ok: true, error: null };
  };

  const navigate = (url) => {
    window.history.pushState(null, '', url);
    setPath(url);
  };

  return (
    <ThemeProvider>
      <GlobalStyle />
      <main>
        <h1>Consumer smoke app</h1>
        <p>
          Route: <output data-testid="route">{path}</output>
        </p>
        <p>{user ? `Signed in as ${user.email}` : 'Not signed in'}</p>
      </main>
      <ImpersonationBanner user={user} returnToAdmin={adminApi.returnToAdmin} signIn={signIn} navigate={navigate} />
      <Toaster />
    </ThemeProvider>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
