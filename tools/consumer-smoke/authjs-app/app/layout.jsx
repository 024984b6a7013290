import { auth } from '../auth.js';
import { Providers } from './providers.jsx';
import { StyledComponentsRegistry } from './registry.jsx';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Viewas Auth.js consumer' };

export default async function RootLayout({ children }) {
  // Auth.js v5's `auth()` in place of v4's `getServerSession(authOptions)`: the banner is server-rendered.
  const session = await auth();
  return (
    <html lang="en">
      <body>
        <StyledComponentsRegistry>
          <Providers session={session}>{children}</Providers>
        </StyledComponentsRegistry>
      </body>
    </html>
  );
}
