import type { AccountNotification } from '@viewas/admin-api';
import type { Messages } from '../../i18n/messages';
import { ACCESS_PAGE_PATH, ACCESS_REQUESTS_PATH, ADMIN_PAGE_PATH } from '../routes';

/** Where a notification's reader acts on (or reads more about) what it names. */
export function notificationLink(
  item: Pick<AccountNotification, 'kind' | 'data'>,
  t: Messages['notifications']['links'],
): { href: string; label: string } {
  switch (item.kind) {
    case 'access_requested':
      // The user decides on their access page; a second admin on the admin page.
      return item.data['approver'] === 'admin'
        ? { href: ADMIN_PAGE_PATH, label: t.decideAsAdmin }
        : { href: ACCESS_REQUESTS_PATH, label: t.decide };
    case 'request_decided':
      return { href: ADMIN_PAGE_PATH, label: t.yourRequests };
    case 'view_ended':
    case 'break_glass':
      return { href: ACCESS_PAGE_PATH, label: t.accessHistory };
  }
}
