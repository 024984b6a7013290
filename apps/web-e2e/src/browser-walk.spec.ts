import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { ACCOUNTS, E2E_DEMO_PASSWORD, TARGETS, authStatePath, type AccountName } from './support/env';
import { expect, test } from './support/fixtures';
import { waitForHydration } from './support/impersonation';
import { watchFailures } from './support/page-failures';
import { ADMIN_PAGE_PATH } from './support/spec';

const ACCOUNT_PAGES = ['/', '/account/access', '/account/settings', '/account/notifications'];
const STAFF_PAGES = [...ACCOUNT_PAGES, ADMIN_PAGE_PATH];
/** The same page for every staff member (the document, no data): walked once per look, as the administrator. */
const API_REFERENCE_PATH = '/api-reference';

/**
 * Light and dark, a desktop and a 390 px phone. Console, requests and width are checked in every one;
 * axe runs on the two that between them cover both modes and both widths (light desktop, dark phone).
 */
const LOOKS = [
  { name: 'light desktop', colorScheme: 'light', viewport: { width: 1280, height: 800 }, axe: true },
  { name: 'dark desktop', colorScheme: 'dark', viewport: { width: 1280, height: 800 }, axe: false },
  { name: 'light 390 px', colorScheme: 'light', viewport: { width: 390, height: 844 }, axe: false },
  { name: 'dark 390 px', colorScheme: 'dark', viewport: { width: 390, height: 844 }, axe: true },
] as const;

type Look = (typeof LOOKS)[number];

/** Visits `paths` in the given looks and fails on a console error, a failed same-origin request, a page wider than the window or an axe finding. */
async function walk(page: Page, paths: readonly string[], looks: readonly Look[] = LOOKS): Promise<void> {
  const failures = watchFailures(page);
  for (const look of looks) {
    await page.setViewportSize(look.viewport);
    await page.emulateMedia({ colorScheme: look.colorScheme });
    for (const path of paths) {
      await test.step(`${path}, ${look.name}`, async () => {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', look.colorScheme);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} is wider than the ${look.name} window`).toBeLessThanOrEqual(0);
        if (look.axe) await expectNoAxeViolations(page);
        expect(failures, `console errors and failed requests on ${path}, ${look.name}`).toEqual([]);
      });
    }
  }
}

type OpenContext = (options?: BrowserContextOptions) => Promise<BrowserContext>;

/** A page signed in as `account`, from the state `sign-in.setup.ts` saved: no sign-in of its own. */
async function signedInPage(openContext: OpenContext, account: AccountName): Promise<Page> {
  const context = await openContext({ storageState: authStatePath(account) });
  return context.newPage();
}

/**
 * From `admin`'s page, views the app as `email` over the API (as a script would): a full view is
 * approved by `approver` first (four-eyes). The page is then the viewed user's, as the admin sees it.
 */
async function startViewOverApi(admin: Page, email: string, mode: 'read_only' | 'full', approver?: Page): Promise<void> {
  await admin.goto('/');
  const start = () =>
    admin.evaluate(
      async ({ email, mode, password }) => {
        const post = (path: string, body: unknown) =>
          fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const found = await (await fetch(`/api/admin/users?query=${encodeURIComponent(email)}`)).json();
        const ask = { userId: found.users[0].id, reason: 'Browser walk: every page as this user sees it', mode };
        let answer = await post('/api/admin/impersonate', ask);
        if (answer.status === 401) {
          await post('/api/admin/reauth', { password });
          answer = await post('/api/admin/impersonate', ask);
        }
        return { status: answer.status, body: await answer.json() };
      },
      { email, mode, password: E2E_DEMO_PASSWORD },
    );
  let started = await start();
  if (started.status === 202 && approver) {
    await approver.goto('/');
    const approved = await approver.evaluate(async (requestId: string) => {
      const answer = await fetch(`/api/admin/access-requests/${requestId}/approve`, { method: 'POST' });
      return answer.status;
    }, started.body.requestId as string);
    expect(approved).toBe(200);
    started = await start();
  }
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const signedIn = await admin.evaluate(async (impersonationId: string) => {
    const { csrfToken } = await (await fetch('/api/auth/csrf')).json();
    const answer = await fetch('/api/auth/callback/impersonate', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, impersonationId, callbackUrl: '/', json: 'true' }),
    });
    return answer.status;
  }, started.body.impersonationId as string);
  expect(signedIn).toBe(200);
  await admin.goto('/');
  await expect(admin.getByRole('region', { name: `Viewing as ${email}` })).toContainText(mode === 'full' ? 'Full access' : 'Read-only');
}

test.describe('the browser walk: every page, as every role, light and dark, desktop and phone', () => {
  // Generous: on a loaded two-core machine one look of the staff pages (axe on the API reference) takes minutes.
  test.setTimeout(240_000);

  test('signed out: the sign-in page', async ({ page }) => {
    const failures = watchFailures(page);
    for (const look of LOOKS) {
      await page.setViewportSize(look.viewport);
      await page.emulateMedia({ colorScheme: look.colorScheme });
      await page.goto('/api/auth/signin');
      const button = page.getByRole('button', { name: 'Sign in with E-mail and password' });
      // One line: every box of the label's text starts at the same height.
      const lines = await button.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, `lines of the sign-in button's label, ${look.name}`).toBe(1);
      await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      if (look.axe) await expectNoAxeViolations(page);
    }
    expect(failures).toEqual([]);
  });

  // One test per account and look, each with its own time limit; together they are the whole walk.
  for (const look of LOOKS) {
    for (const account of ['admin', 'admin2', 'support'] as const) {
      test(`as ${account} (${ACCOUNTS[account]}), ${look.name}: the account pages and the admin page${account === 'admin' ? ' and the API reference' : ''}`, async ({
        openContext,
      }) => {
        await walk(await signedInPage(openContext, account), account === 'admin' ? [...STAFF_PAGES, API_REFERENCE_PATH] : STAFF_PAGES, [
          look,
        ]);
      });
    }

    test(`as a user, ${look.name}: the account pages`, async ({ openContext }) => {
      await walk(await signedInPage(openContext, 'user'), ACCOUNT_PAGES, [look]);
    });
  }

  test('as the viewed user, in a read-only view', async ({ openContext }) => {
    const admin = await signedInPage(openContext, 'admin');
    await startViewOverApi(admin, TARGETS.browserWalk.readOnly, 'read_only');
    await walk(admin, ACCOUNT_PAGES);
  });

  test('as the viewed user, in a full view approved by a second administrator', async ({ openContext }) => {
    const [admin, approver] = [await signedInPage(openContext, 'admin'), await signedInPage(openContext, 'admin2')];
    await startViewOverApi(admin, TARGETS.browserWalk.full, 'full', approver);
    await walk(admin, ACCOUNT_PAGES);
  });
});
