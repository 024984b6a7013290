import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { inter } from './fonts';
import { StyledComponentsRegistry } from './registry';

export const metadata: Metadata = {
  title: 'Viewas',
  description: 'View the app as another user, safely, and return in one click.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body>
        <StyledComponentsRegistry>{children}</StyledComponentsRegistry>
      </body>
    </html>
  );
}
