import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { getMessages } from '../i18n/messages';
import { readScriptSettings } from '../scripts/script-settings';
import { ThirdPartyScripts } from '../scripts/third-party-scripts-view';
import { AppShell } from '../ui/shell/app-shell';
import { RootDocument } from './_document/root-document';
import { getDocumentContext } from './_document/get-document-context';
import { brandTheme } from './_lib/brand-theme';
import { getCurrentUser } from './_lib/current-user';
import { inter } from './fonts';

export async function generateMetadata(): Promise<Metadata> {
  const { app } = getMessages((await getDocumentContext()).lang);
  return { title: { default: app.name, template: `%s · ${app.name}` }, description: app.tagline };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#171923' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [{ lang, colorModePreference, nonce, host }, user] = await Promise.all([getDocumentContext(), getCurrentUser()]);
  return (
    <RootDocument lang={lang} theme={brandTheme} colorModePreference={colorModePreference} nonce={nonce} fontClassName={inter.variable}>
      <AppShell initialUser={user}>{children}</AppShell>
      <ThirdPartyScripts settings={readScriptSettings()} host={host} initialUser={user} nonce={nonce} />
    </RootDocument>
  );
}
