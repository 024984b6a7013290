// The Better Auth host in Chromium: the shared walk, with a write to Better Auth (update-user) refused while viewing.
import { ADMIN_EMAIL, BETTER_AUTH_REASON, PASSWORD, USER_EMAIL } from './better-auth-host.mjs';
import { walkViewAndReturn } from './view-as-flow.mjs';

async function refusedRename(page) {
  await page.getByRole('button', { name: 'Change my name' }).click();
  await page.getByRole('status').filter({ hasText: 'Refused: read_only' }).waitFor();
  return ['a write in the read-only view is refused (403 read_only)'];
}

export function driveBetterAuthHost({ origin }) {
  return walkViewAndReturn({
    origin,
    admin: { email: ADMIN_EMAIL, password: PASSWORD },
    user: { email: USER_EMAIL },
    reason: BETTER_AUTH_REASON,
    whileViewing: refusedRename,
    allowedFailures: [/^POST 403 .*\/api\/auth\/update-user$/],
    // As before the walk was shared: this host's checks are its failed requests and page errors.
    consoleErrors: false,
  });
}
