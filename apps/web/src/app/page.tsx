import type { Metadata } from 'next';
import { getMessages } from '../i18n/messages';
import { HomeView } from '../ui/home/home-view';
import { HOME_PATH } from '../ui/routes';
import { getDocumentContext } from './_document/get-document-context';
import { requireUser } from './_lib/current-user';

export async function generateMetadata(): Promise<Metadata> {
  return { title: getMessages((await getDocumentContext()).lang).home.title };
}

export default async function HomePage() {
  const [user, { lang }] = await Promise.all([requireUser(HOME_PATH), getDocumentContext()]);
  return <HomeView lang={lang} user={user} />;
}
