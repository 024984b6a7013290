'use client';
import { createAdminApiClient } from '@viewas/admin-api';
import { ImpersonationBanner } from '@viewas/impersonation-banner';
import { SessionProvider, signInReturnToAdmin, useSessionUser } from '@viewas/session-client/next-auth';
import { useRouter } from 'next/navigation';
import { GlobalStyle, ThemeProvider } from '@viewas/theme';
import { Toaster } from 'react-hot-toast';

const adminApi = createAdminApiClient();

function AdminModeBanner() {
  const { user } = useSessionUser();
  // A client-side navigation: a full page load would drop the 'Welcome Back!' notice the flow shows on success.
  const router = useRouter();
  return (
    <ImpersonationBanner
      user={user}
      returnToAdmin={adminApi.returnToAdmin}
      signIn={signInReturnToAdmin}
      navigate={(url) => router.push(url)}
      // This app's admin page is its home page.
      routes={{ adminPage: '/' }}
    />
  );
}

export function Providers({ session, children }) {
  return (
    <SessionProvider session={session}>
      <ThemeProvider>
        <GlobalStyle />
        {children}
        <AdminModeBanner />
        <Toaster />
      </ThemeProvider>
    </SessionProvider>
  );
}
