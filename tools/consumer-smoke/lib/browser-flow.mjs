// Drives the built consumer app in Chromium the way an admin would: hover the badge, cross to
// the panel, press 'Return to Admin', and follow the notices to the admin page.
import assert from 'node:assert/strict';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { ADMIN, TARGET } from './stub-server.mjs';

const STEP_TIMEOUT_MS = 10_000;

export async function driveReturnToAdmin({ origin, calls }) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
    page.on('response', (response) => response.status() >= 400 && pageErrors.push(`${response.status()} ${response.url()}`));

    await page.goto(`${origin}/`);
    const badge = page.getByRole('button', { name: 'Admin Mode' });
    await badge.waitFor();
    await page.emulateMedia({ media: 'print' });
    assert.equal(await badge.isVisible(), false, 'the badge shows up in print');
    await page.emulateMedia({ media: 'screen', reducedMotion: 'reduce' });

    await badge.hover();
    const panel = page.getByRole('dialog', { name: 'IMPERSONATION ACTIVE' });
    await panel.waitFor();
    assert.match(await panel.innerText(), new RegExp(`Currently viewing as:\\s*${TARGET.email}`));
    assert.equal(
      await panel.evaluate((element) => getComputedStyle(element).animationName),
      'none',
      'the panel animates under reduced motion',
    );

    // The pointer travels from the badge into the panel: safePolygon keeps it open on the way.
    await page.getByRole('button', { name: 'Return to Admin' }).click();
    await page.getByText('Returning to Admin Account').waitFor();
    await page.getByText('Welcome Back!').waitFor();
    await page.getByText('You are now back in your admin account').waitFor();
    await page.waitForURL(`${origin}/223/user-impersonation`);
    await page.getByText(`Signed in as ${ADMIN.email}`).waitFor();
    await badge.waitFor({ state: 'detached' });

    const apiCalls = calls.map(({ method, pathname }) => `${method} ${pathname}`);
    assert.ok(apiCalls.includes('POST /api/admin/return-to-admin'), `no return-to-admin call in ${apiCalls.join(', ')}`);
    const callback = calls.find(({ pathname }) => pathname === '/api/auth/callback/return-to-admin');
    assert.ok(callback, `no sign-in callback in ${apiCalls.join(', ')}`);
    assert.equal(new URLSearchParams(callback.body).get('adminUserId'), ADMIN.id);
    const returned = calls.find(({ pathname }) => pathname === '/api/admin/return-to-admin');
    // The sign-in waits for the 2000 ms 'Returning to Admin Account' notice.
    assert.ok(callback.at - returned.at >= 2000, `the sign-in came ${callback.at - returned.at} ms after the return, not after 2000 ms`);
    assert.deepEqual(pageErrors, [], 'the page logged errors');
    return apiCalls;
  } finally {
    await browser.close();
  }
}
