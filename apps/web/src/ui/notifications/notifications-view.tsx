'use client';

import styled from 'styled-components';
import type { Locale } from '../../i18n/locales';
import { getMessages } from '../../i18n/messages';
import { Button, ButtonLink } from '../components/button';
import { Card } from '../components/card';
import { EmptyState, ErrorState, SkeletonRows } from '../components/feedback';
import { HiddenInView } from '../components/hidden-in-view';
import { LoadFailed } from '../components/load-failed';
import { LocalTime } from '../components/local-time';
import { PageHeader } from '../components/page-header';
import { Tag } from '../components/tag';
import { notificationLink } from './notification-link';
import { TextWithTimes } from './text-with-times';
import { useNotifications } from './use-notifications';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $unread: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $unread }) => ($unread ? 'var(--app-accent)' : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Title = styled.h3`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Text = styled.p`
  margin: 0;
  white-space: pre-line;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface NotificationsViewProps {
  lang: Locale;
  /** In a view of the account, its e-mail: the notifications are the account holder's alone, so they are not shown. */
  viewedAccount: string | null;
}

/** `/account/notifications`: what happened to the user's account, newest first, unread ones marked. */
export function NotificationsView({ lang, viewedAccount }: NotificationsViewProps) {
  const t = getMessages(lang).notifications;
  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      {viewedAccount === null ? (
        <Notifications lang={lang} />
      ) : (
        <Card title={t.heading}>
          <HiddenInView email={viewedAccount} />
        </Card>
      )}
    </>
  );
}

function Notifications({ lang }: { lang: Locale }) {
  const messages = getMessages(lang);
  const t = messages.notifications;
  const { state, reload, marking, error, markRead } = useNotifications();
  const items = state.status === 'ready' ? state.data.notifications : [];
  const unread = state.status === 'ready' ? state.data.unreadCount : 0;

  return (
    <Card
      title={t.heading}
      actions={
        unread > 0 ? (
          <Button size="sm" onClick={() => void markRead(items, 'all')} pending={marking === 'all'} pendingLabel={t.marking}>
            {t.markAllRead}
          </Button>
        ) : null
      }
    >
      {state.status === 'loading' ? <SkeletonRows label={messages.common.loading} /> : null}
      {state.status === 'error' ? <LoadFailed title={t.error} error={state.error} onRetry={reload} /> : null}
      {error ? <ErrorState title={t.markFailed} message={error} /> : null}
      {state.status === 'ready' && items.length === 0 ? <EmptyState title={t.emptyTitle}>{t.empty}</EmptyState> : null}
      {items.length > 0 ? (
        <List aria-label={t.heading}>
          {items.map((item) => {
            const link = notificationLink(item, t.links);
            return (
              <Item key={item.id} $unread={item.readAt === null}>
                <Title>
                  {item.title}
                  {item.readAt === null ? <Tag $tone="accent">{t.unread}</Tag> : null}
                </Title>
                <Text>
                  <TextWithTimes text={item.text} />
                </Text>
                <Meta>
                  <LocalTime iso={item.createdAt} />
                  <Actions>
                    {/* A full page load: the page it names reads its data on the server. */}
                    <ButtonLink href={link.href} $variant="secondary" $size="sm">
                      {link.label}
                    </ButtonLink>
                    {item.readAt === null ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => void markRead([item], item.id)}
                        pending={marking === item.id}
                        pendingLabel={t.marking}
                        aria-label={t.markReadLabel(item.title)}
                      >
                        {t.markRead}
                      </Button>
                    ) : null}
                  </Actions>
                </Meta>
              </Item>
            );
          })}
        </List>
      ) : null}
    </Card>
  );
}
