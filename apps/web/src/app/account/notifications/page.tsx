import type { Metadata } from 'next';
import { getMessages } from '../../../i18n/messages';
import { NotificationsView } from '../../../ui/notifications/notifications-view';
import { NOTIFICATIONS_PAGE_PATH } from '../../../ui/routes';
import { getDocumentContext } from '../../_document/get-document-context';
import { requireUser } from '../../_lib/current-user';

export async function generateMetadata(): Promise<Metadata> {
  return { title: getMessages((await getDocumentContext()).lang).notifications.title };
}

export default async function NotificationsPage() {
  const [user, { lang }] = await Promise.all([requireUser(NOTIFICATIONS_PAGE_PATH), getDocumentContext()]);
  return <NotificationsView lang={lang} viewedAccount={user.isImpersonated ? user.email : null} />;
}
