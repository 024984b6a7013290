/**
 * @jest-environment-options {"url": "https://viewas.example/"}
 */
import { createCookieStorageManager } from './storage-manager';

it('adds Secure to the cookie on https', () => {
  const setCookie = jest.spyOn(Document.prototype, 'cookie', 'set');

  createCookieStorageManager('viewas-color-mode').set('light');

  expect(setCookie).toHaveBeenCalledWith('viewas-color-mode=light; max-age=31536000; path=/; SameSite=Lax; Secure');
  expect(document.cookie).toBe('viewas-color-mode=light');
});
