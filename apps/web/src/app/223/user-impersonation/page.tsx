import type { Metadata } from 'next';
import { getMessages } from '../../../i18n/messages';
import { getServerContext } from '../../../server/app/server-context';
import { AdminPageView } from '../../../ui/admin/admin-page-view';
import { loadAdminPageData } from '../../../ui/admin/server/load-admin-page-data';
import { ForbiddenView } from '../../../ui/errors/forbidden-view';
import { ADMIN_PAGE_PATH } from '../../../ui/routes';
import { getDocumentContext } from '../../_document/get-document-context';
import { getVerifiedAdmin, requireUser } from '../../_lib/current-user';

export async function generateMetadata(): Promise<Metadata> {
  return { title: getMessages((await getDocumentContext()).lang).admin.title, robots: { index: false } };
}

export default async function UserImpersonationPage() {
  const [user, { lang }] = await Promise.all([requireUser(ADMIN_PAGE_PATH), getDocumentContext()]);
  const admin = await getVerifiedAdmin();
  if (!admin) return <ForbiddenView lang={lang} impersonating={user.isImpersonated} />;
  // Only now, for a verified admin: the first data is rendered into the page instead of fetched after it.
  const context = getServerContext();
  const initial = await loadAdminPageData({ ...context, webhookUrl: context.config.webhooks?.url ?? null }, admin.staff);
  return <AdminPageView lang={lang} initial={initial} reader={admin.user} />;
}
