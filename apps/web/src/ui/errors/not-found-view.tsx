'use client';

import { useI18n } from '../../i18n/i18n-context';
import { ButtonLink } from '../components/button';
import { HOME_PATH } from '../routes';
import { StatusBody, StatusPage } from './status-page';

export function NotFoundView() {
  const t = useI18n().messages.notFound;
  return (
    <StatusPage
      code={t.code}
      title={t.title}
      action={
        <ButtonLink href={HOME_PATH} $variant="primary" $size="md">
          {t.home}
        </ButtonLink>
      }
    >
      <StatusBody>{t.body}</StatusBody>
    </StatusPage>
  );
}
