import type { Request } from '@playwright/test';
import { ACCOUNTS, TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, badgePanel, startViewingAs } from './support/impersonation';
import { expectShownFor, readNotices, recordNotices, waitForNoticeClosed } from './support/notice-timeline';
import { signedInAs } from './support/sign-in';
import { ADMIN_PAGE_PATH, NOTICES, RETURN_BUTTON_LABEL, SIGN_OUT_PATH } from './support/spec';

const target = TARGETS.failureFlow;

test.use(signedInAs('admin'));

test("when another admin has ended the impersonation, 'Return to Admin' shows the error and sends the browser to sign out", async ({
  page,
  context,
  openContext,
  stepScreenshot,
}) => {
  await recordNotices(context);
  await startViewingAs(page, target);
  await stepScreenshot(page, '01-viewing-as-user');

  await test.step('a second admin, in another browser, ends the impersonation from the admin page', async () => {
    const otherAdmin = await (await openContext(signedInAs('admin2'))).newPage();
    await otherAdmin.goto(ADMIN_PAGE_PATH);
    const end = otherAdmin.getByRole('button', { name: `End ${ACCOUNTS.admin}'s view as ${target}` });
    await end.click();
    await otherAdmin.getByRole('alertdialog', { name: 'End this impersonation?' }).getByRole('button', { name: 'End impersonation' }).click();
    await expect(otherAdmin.getByRole('status').filter({ hasText: `Ended the view as ${target}` })).toBeVisible();
    await expect(end).toHaveCount(0);
    await stepScreenshot(otherAdmin, '02-other-admin-ended-it');
  });

  const returnToAdmin = async () => {
    await badge(page).hover();
    await badgePanel(page).getByRole('button', { name: RETURN_BUTTON_LABEL }).click();
  };

  await test.step("'Return to Admin' shows the error notice for its full time and sets off for the sign-out page", async () => {
    // The sign-out page would replace the notice at once. This first time the navigation is
    // stopped (the browser stays on the page, as after any aborted navigation) so the notice can
    // be watched; the next step lets it through.
    const signOutRequests: Request[] = [];
    await page.route(`**${SIGN_OUT_PATH}`, (route) => {
      signOutRequests.push(route.request());
      return route.abort('aborted');
    });
    await returnToAdmin();

    const alert = page.getByRole('alert').filter({ hasText: NOTICES.error.title });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveText(`${NOTICES.error.title}${NOTICES.error.description}`);
    await stepScreenshot(page, '03-error-notice');
    await expect.poll(() => signOutRequests.map((request) => [request.method(), request.isNavigationRequest()])).toEqual([['GET', true]]);

    expectShownFor(await waitForNoticeClosed(page, NOTICES.error.title), NOTICES.error.durationMs);
    const titles = (await readNotices(page)).map((notice) => notice.title);
    expect(titles, 'no "Returning" notice: the return was refused before it').toEqual([NOTICES.error.title]);
    await page.unroute(`**${SIGN_OUT_PATH}`);
  });

  await test.step('trying again, the error shows again and the browser lands on the sign-out page', async () => {
    await returnToAdmin();
    await expect(page).toHaveURL(SIGN_OUT_PATH);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const notices = await readNotices(page);
    expect(notices.map((notice) => [notice.role, notice.text])).toEqual([
      ['alert', `${NOTICES.error.title}${NOTICES.error.description}`],
      ['alert', `${NOTICES.error.title}${NOTICES.error.description}`],
    ]);
    await stepScreenshot(page, '04-sign-out-page');
  });
});
