import type { Metadata } from 'next';
import { getMessages } from '../../../i18n/messages';
import { AccessHistoryView } from '../../../ui/access/access-history-view';
import { ACCESS_PAGE_PATH } from '../../../ui/routes';
import { getDocumentContext } from '../../_document/get-document-context';
import { requireUser } from '../../_lib/current-user';

export async function generateMetadata(): Promise<Metadata> {
  return { title: getMessages((await getDocumentContext()).lang).access.title };
}

export default async function AccessHistoryPage() {
  const [user, { lang }] = await Promise.all([requireUser(ACCESS_PAGE_PATH), getDocumentContext()]);
  return <AccessHistoryView lang={lang} viewedAccount={user.isImpersonated ? user.email : null} />;
}
