import { expect, test } from './support/fixtures';

// Every flow ends by asserting that the guard saw no violation; this proves it would have seen one.
test('the CSP guard reports a script the page policy blocks, both as an event and from the console', async ({ page, cspGuard }) => {
  await page.route('**/__csp-probe', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': "script-src 'none'" },
      body: '<!doctype html><title>probe</title><script>document.title = "ran"</script>',
    }),
  );
  await page.goto('/__csp-probe');
  await expect(page).toHaveTitle('probe');
  await expect.poll(() => cspGuard.violations.length).toBeGreaterThanOrEqual(2);
  const violations = cspGuard.takeViolations();
  expect(violations.some((violation) => violation.includes('script-src-elem blocked inline'))).toBe(true);
  expect(violations.some((violation) => violation.includes('console:'))).toBe(true);
});
