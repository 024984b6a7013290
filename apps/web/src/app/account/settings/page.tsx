import type { Metadata } from 'next';
import { getMessages } from '../../../i18n/messages';
import { getServerContext } from '../../../server/app/server-context';
import { loadSettingsPageData } from '../../../ui/settings/server/load-settings-page-data';
import { SettingsView } from '../../../ui/settings/settings-view';
import { SETTINGS_PAGE_PATH } from '../../../ui/routes';
import { getDocumentContext } from '../../_document/get-document-context';
import { requireUser } from '../../_lib/current-user';

export async function generateMetadata(): Promise<Metadata> {
  return { title: getMessages((await getDocumentContext()).lang).settings.title };
}

export default async function AccountSettingsPage() {
  const [user, { lang }] = await Promise.all([requireUser(SETTINGS_PAGE_PATH), getDocumentContext()]);
  // The session's user: in a view of an account, that account (whose support access the form then shows, not offers).
  const initial = await loadSettingsPageData(getServerContext(), user.id);
  return <SettingsView lang={lang} initial={initial} viewing={user.isImpersonated} readOnly={user.impersonationMode === 'read_only'} />;
}
