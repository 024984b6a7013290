'use client';

import type { Locale } from '../../i18n/locales';
import { getMessages } from '../../i18n/messages';
import { ButtonLink } from '../components/button';
import { HOME_PATH } from '../routes';
import { StatusBody, StatusPage } from './status-page';

/** The admin page, for someone who is not an admin right now (or is viewing as another user). */
export function ForbiddenView({ lang, impersonating }: { lang: Locale; impersonating: boolean }) {
  const t = getMessages(lang).forbidden;
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
      <StatusBody>{impersonating ? t.impersonating : t.body}</StatusBody>
    </StatusPage>
  );
}
