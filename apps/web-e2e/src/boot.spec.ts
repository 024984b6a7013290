import { expect, test } from '@playwright/test';

test.describe('the production app boots', () => {
  test('serves the home route as HTML whose <html> element carries a lang attribute', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect([200, 307]).toContain(response.status());
    const page = response.status() === 200 ? await response.text() : await (await request.get('/api/auth/signin')).text();
    expect(page).toMatch(/<html[^>]*\slang="[a-z]{2}(-[A-Za-z]{2})?"/);
  });

  test('answers GET /api/auth/csrf with a csrfToken', async ({ request }) => {
    const response = await request.get('/api/auth/csrf');
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.csrfToken).toMatch(/^[a-f0-9]{64}$/);
  });

  test('reports a healthy database on /api/health', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', db: 'up' });
  });
});
