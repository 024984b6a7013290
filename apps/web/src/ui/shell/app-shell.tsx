'use client';

import type { SessionUser } from '@viewas/session-client';
import { useSessionUser } from '@viewas/session-client/next-auth';
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { focusRing, onPhone } from '../components/styles';
import { ImpersonationBadge } from '../providers/impersonation-badge';
import { TopBar } from './top-bar';
import { useCurrentUser } from './use-current-user';
import { useRefreshOnSessionChange } from './use-refresh-on-session-change';
import { ViewFrame } from './view-frame';

const SkipLink = styled.a`
  position: absolute;
  top: ${({ theme }) => theme.space[2]};
  left: ${({ theme }) => theme.space[2]};
  z-index: 100;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  transform: translateY(-200%);
  ${focusRing}

  &:focus {
    transform: none;
  }
`;

const Main = styled.main`
  box-sizing: border-box;
  max-width: 1120px;
  margin: 0 auto;
  /* Room at the bottom for the fixed 'Admin Mode' badge and, in a view, the bar it sits in: the end of the page scrolls clear of both. */
  padding: ${({ theme }) => `${theme.space[6]} ${theme.space[5]} 96px`};
  ${onPhone} {
    padding: 24px 16px 96px;
  }

  &:focus {
    outline: none;
  }
`;

/** The frame of every page: skip link, top bar, the page, and the impersonation badge. */
export function AppShell({ initialUser, children }: { initialUser: SessionUser | null; children: ReactNode }) {
  const { messages } = useI18n();
  const router = useRouter();
  const user = useCurrentUser(initialUser);
  useRefreshOnSessionChange({ renderedUser: initialUser, live: useSessionUser(), refresh: router.refresh });
  return (
    <>
      <SkipLink href="#main">{messages.app.skipToContent}</SkipLink>
      <TopBar initialUser={initialUser} />
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <ViewFrame user={user} />
      <ImpersonationBadge initialUser={initialUser} onError={(error, cause) => console.error(error, cause)} />
    </>
  );
}
