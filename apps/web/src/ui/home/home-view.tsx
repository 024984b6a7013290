'use client';

import type { SessionUser } from '@viewas/session-client';
import styled from 'styled-components';
import type { Locale } from '../../i18n/locales';
import { getMessages } from '../../i18n/messages';
import { ButtonLink } from '../components/button';
import { Card } from '../components/card';
import { LocalTime } from '../components/local-time';
import { PageHeader } from '../components/page-header';
import { Tag } from '../components/tag';
import { ADMIN_PAGE_PATH, ACCESS_PAGE_PATH } from '../routes';
import { SignOutButton } from '../shell/sign-out-button';
import { ColorModeSwitch } from './color-mode-switch';
import { WaitingRequests } from './waiting-requests';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
  gap: ${({ theme }) => theme.space[5]};
`;

const Notice = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[5]}`};
  border: 1px solid ${({ theme }) => theme.colors.warningEmphasis};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.warningSurface};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.warning};
  }
  p {
    margin: 0;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space[3]} ${theme.space[5]}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Mono = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Text = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Action = styled.div`
  margin-top: auto;
`;

export interface HomeViewProps {
  lang: Locale;
  user: SessionUser;
}

/** `/`: who you are (and whose view this is while impersonating), colour mode, sign out, where to go next. */
export function HomeView({ lang, user }: HomeViewProps) {
  const { home: t, roles, viewModes } = getMessages(lang);
  return (
    <>
      <PageHeader title={t.title} description={t.greeting(user.email)} />
      {user.isImpersonated ? (
        <Notice aria-labelledby="impersonation-notice">
          <h2 id="impersonation-notice">{t.impersonationHeading}</h2>
          <p>
            {user.impersonator ? t.impersonationBody(user.email, user.impersonator.email) : t.impersonationBodyUnknownAdmin(user.email)}
          </p>
          {user.impersonationExpiresAt ? (
            <p>
              {t.impersonationEndsPrefix} <LocalTime iso={user.impersonationExpiresAt} />.
            </p>
          ) : null}
          {user.impersonationMode === 'read_only' ? (
            <p>
              <strong>{viewModes.read_only}.</strong> {viewModes.readOnlyExplained}
            </p>
          ) : null}
        </Notice>
      ) : null}
      {/* In a view the requests are the account holder's alone: nothing is asked for them. */}
      {user.isImpersonated ? null : <WaitingRequests />}
      <Grid>
        <Card title={t.accountHeading}>
          <Facts>
            <dt>{t.email}</dt>
            <dd>{user.email}</dd>
            <dt>{t.role}</dt>
            <dd>
              <Tag $tone={user.role === 'admin' ? 'accent' : 'neutral'}>{roles[user.role]}</Tag>
            </dd>
            <dt>{t.userId}</dt>
            <dd>
              <Mono>{user.id}</Mono>
            </dd>
          </Facts>
        </Card>
        <Card title={t.appearanceHeading}>
          <ColorModeSwitch />
        </Card>
        {user.role !== 'user' ? (
          <Card title={t.adminHeading}>
            <Text>{t.adminBody}</Text>
            <Action>
              {/* A full page load on purpose: scripts loaded on this page must not run on the admin page. */}
              <ButtonLink href={ADMIN_PAGE_PATH} $variant="primary" $size="md">
                {t.adminLink}
              </ButtonLink>
            </Action>
          </Card>
        ) : null}
        <Card title={t.accessHeading}>
          <Text>{t.accessBody}</Text>
          <Action>
            <ButtonLink href={ACCESS_PAGE_PATH} $variant="secondary" $size="md">
              {t.accessLink}
            </ButtonLink>
          </Action>
        </Card>
        <Card title={t.signOutHeading}>
          <Text>{t.signOutBody}</Text>
          <Action>
            <SignOutButton />
          </Action>
        </Card>
      </Grid>
    </>
  );
}
