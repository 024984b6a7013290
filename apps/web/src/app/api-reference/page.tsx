import type { Metadata } from 'next';
import { getServerContext } from '../../server/app/server-context';
import { isStaff } from '../../server/app/openapi-endpoint';
import { ApiReferenceView } from '../../ui/api-reference/api-reference-view';
import { ForbiddenView } from '../../ui/errors/forbidden-view';
import { API_REFERENCE_PATH } from '../../ui/routes';
import { getDocumentContext } from '../_document/get-document-context';
import { requireUser } from '../_lib/current-user';

export const metadata: Metadata = { title: 'API reference', robots: { index: false } };

/** The admin and account APIs, described from their contracts, for staff. */
export default async function ApiReferencePage() {
  const [user, { lang }] = await Promise.all([requireUser(API_REFERENCE_PATH), getDocumentContext()]);
  if (!isStaff(user)) return <ForbiddenView lang={lang} impersonating={user.isImpersonated} />;
  return <ApiReferenceView document={getServerContext().openApiDocument} />;
}
