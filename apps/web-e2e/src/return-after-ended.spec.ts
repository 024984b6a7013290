import { ACCOUNTS, TARGETS } from './support/env';
import { expect, test } from './support/fixtures';
import { badge, badgePanel, startViewingAs, waitForHydration } from './support/impersonation';
import { DURATION_TOLERANCE_MS, readNotices, recordNotices } from './support/notice-timeline';
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
    // A click before React has hydrated the page reaches no handler (seen on a busy machine: the
    // End button pressed, no dialog in 50 s).
    await waitForHydration(otherAdmin);
    const end = otherAdmin.getByRole('button', { name: `End ${ACCOUNTS.admin}'s view as ${target}` });
    await end.click();
    await otherAdmin
      .getByRole('alertdialog', { name: 'End this impersonation?' })
      .getByRole('button', { name: 'End impersonation' })
      .click();
    await expect(otherAdmin.getByRole('status').filter({ hasText: `Ended the view as ${target}` })).toBeVisible();
    await expect(end).toHaveCount(0);
    await stepScreenshot(otherAdmin, '02-other-admin-ended-it');
  });

  const returnToAdmin = async () => {
    await badge(page).hover();
    await badgePanel(page).getByRole('button', { name: RETURN_BUTTON_LABEL }).click();
  };

  await test.step("'Return to Admin' shows the error notice for its full 5 s, then the browser goes to the sign-out page", async () => {
    await returnToAdmin();
    const alert = page.getByRole('alert').filter({ hasText: NOTICES.error.title });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveText(`${NOTICES.error.title}${NOTICES.error.description}`);
    await stepScreenshot(page, '03-error-notice');

    await page.waitForURL(`**${SIGN_OUT_PATH}`, { timeout: NOTICES.error.durationMs + 10_000 });
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    const notices = await readNotices(page);
    expect(
      notices.map((notice) => [notice.role, notice.text]),
      'one notice only: the return was refused before any "Returning" notice',
    ).toEqual([['alert', `${NOTICES.error.title}${NOTICES.error.description}`]]);

    // The sign-out page replaces the notice, so it must have had its full time before the browser left.
    const signOutStartedAt = await page.evaluate(() => performance.timeOrigin);
    const readableFor = signOutStartedAt - (notices[0]?.shownAt ?? Number.NaN);
    test.info().annotations.push({
      type: 'notice duration',
      description: `'${NOTICES.error.title}': on screen ${Math.round(readableFor)} ms before the sign-out page (spec ${NOTICES.error.durationMs} ms)`,
    });
    expect(readableFor).toBeGreaterThanOrEqual(NOTICES.error.durationMs - DURATION_TOLERANCE_MS);
    expect(readableFor).toBeLessThanOrEqual(NOTICES.error.durationMs + DURATION_TOLERANCE_MS);
    await stepScreenshot(page, '04-sign-out-page');
  });
});
