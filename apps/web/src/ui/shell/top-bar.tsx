'use client';

import type { SessionUser } from '@viewas/session-client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styled, { css } from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { needsFullPageLoad } from '../../scripts/third-party-scripts';
import { focusRing, onPhone } from '../components/styles';
import { UnreadBadge } from '../notifications/unread-badge';
import { useUnreadCount } from '../notifications/unread-count';
import { ACCESS_PAGE_PATH, ADMIN_PAGE_PATH, HOME_PATH, NOTIFICATIONS_PAGE_PATH, SETTINGS_PAGE_PATH } from '../routes';
import { useCurrentUser } from './use-current-user';
import { UserMenu } from './user-menu';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.bg};
`;

const Inner = styled.div`
  box-sizing: border-box;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[5]};
  max-width: 1120px;
  min-height: 56px;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space[5]};
  ${onPhone} {
    flex-wrap: wrap;
    gap: 4px 12px;
    padding: 8px 16px 0;
  }
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  letter-spacing: -0.01em;
  text-decoration: none;
  ${focusRing}
`;

const Mark = styled.svg.attrs({ viewBox: '0 0 32 32', 'aria-hidden': true })`
  flex: none;
  width: 28px;
  height: 28px;

  rect {
    fill: ${({ theme }) => theme.colors.brand500};
  }
  path {
    fill: none;
    stroke: ${({ theme }) => theme.colors.brand200};
    stroke-width: 3.5;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
`;

const Nav = styled.nav`
  flex: 1;
  min-width: 0;
  ${onPhone} {
    order: 3;
    flex-basis: 100%;
  }
`;

/* On phones the tabs wrap onto a second line rather than scroll out of sight: every tab stays visible and whole. */
const NavList = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
  ${onPhone} {
    flex-wrap: wrap;
    gap: 0 2px;
    margin: 0 -10px;
  }
`;

const navLink = css`
  display: inline-flex;
  align-items: center;
  min-height: 56px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border-bottom: 2px solid transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;
  white-space: nowrap;
  ${focusRing}

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
  &[aria-current='page'] {
    border-bottom-color: var(--app-accent);
    color: ${({ theme }) => theme.colors.text};
  }
  ${onPhone} {
    min-height: 44px;
    padding: 0 10px;
  }
`;

const NavLink = styled(Link)`
  ${navLink}
`;

const NavAnchor = styled.a`
  ${navLink}
`;

const End = styled.div`
  margin-left: auto;
`;

/** The product name, the pages the user may open, and the account menu. */
export function TopBar({ initialUser }: { initialUser: SessionUser | null }) {
  const { messages } = useI18n();
  const user = useCurrentUser(initialUser);
  const pathname = usePathname();
  const current = (path: string) => (pathname === path ? ('page' as const) : undefined);
  // A script loaded on one page runs for the life of the document: crossing into or out of the
  // script-free pages (the account pages) is a full page load, not a client-side navigation.
  const to = (href: string) => (needsFullPageLoad(pathname, href) ? { as: 'a' as const, href } : { href });
  // A view of the account may not read its notifications: nothing is asked, no count is shown.
  const unread = useUnreadCount(user !== null && !user.isImpersonated);

  return (
    <Bar>
      <Inner>
        <Brand {...to(HOME_PATH)}>
          <Mark>
            <rect width="32" height="32" rx="8" />
            <path d="M9 9l7 15 7-15" />
          </Mark>
          {messages.app.name}
        </Brand>
        {user ? (
          <>
            <Nav aria-label={messages.app.primaryNavigation}>
              <NavList>
                <li>
                  <NavLink {...to(HOME_PATH)} aria-current={current(HOME_PATH)}>
                    {messages.nav.home}
                  </NavLink>
                </li>
                <li>
                  <NavLink {...to(ACCESS_PAGE_PATH)} aria-current={current(ACCESS_PAGE_PATH)}>
                    {messages.nav.access}
                  </NavLink>
                </li>
                <li>
                  <NavLink {...to(SETTINGS_PAGE_PATH)} aria-current={current(SETTINGS_PAGE_PATH)}>
                    {messages.nav.settings}
                  </NavLink>
                </li>
                {user.role !== 'user' ? (
                  <li>
                    {/* A full page load on purpose: third-party scripts of other pages must not run on the admin page. */}
                    <NavAnchor href={ADMIN_PAGE_PATH} aria-current={current(ADMIN_PAGE_PATH)}>
                      {messages.nav.admin}
                    </NavAnchor>
                  </li>
                ) : null}
                <li>
                  {/* Last in the list: its unread count arrives after the first paint and moves nothing. */}
                  <NavLink {...to(NOTIFICATIONS_PAGE_PATH)} aria-current={current(NOTIFICATIONS_PAGE_PATH)}>
                    {messages.notifications.navLabel}
                    <UnreadBadge count={unread} />
                  </NavLink>
                </li>
              </NavList>
            </Nav>
            <End>
              <UserMenu user={user} />
            </End>
          </>
        ) : null}
      </Inner>
    </Bar>
  );
}
