import { getServerSession } from 'next-auth';
import { viewas } from '../lib/viewas.js';
import { Providers } from './providers.jsx';
import { StyledComponentsRegistry } from './registry.jsx';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Viewas server consumer' };

export default async function RootLayout({ children }) {
  const session = await getServerSession(viewas().authOptions);
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
