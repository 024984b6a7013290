import { checkWebhookConfig } from './webhook-config';
import { MIN_WEBHOOK_SECRET_LENGTH } from './webhook-signature';

const secret = 's'.repeat(MIN_WEBHOOK_SECRET_LENGTH);

describe('checkWebhookConfig', () => {
  it('is off when neither setting is given', () => {
    expect(checkWebhookConfig(undefined, undefined)).toBeNull();
    expect(checkWebhookConfig('', '')).toBeNull();
  });

  it('accepts an https URL and a secret of 32 characters', () => {
    expect(checkWebhookConfig('https://siem.example/hooks', secret)).toEqual({ url: 'https://siem.example/hooks', secret });
  });

  it.each([
    [
      'a secret one character too short',
      'https://siem.example/hooks',
      secret.slice(1),
      'WEBHOOK_SECRET is 31 characters long; it must be at least 32',
    ],
    ['a URL without a secret', 'https://siem.example/hooks', undefined, 'WEBHOOK_URL is set but WEBHOOK_SECRET is not'],
    ['a secret without a URL', undefined, secret, 'WEBHOOK_SECRET is set but WEBHOOK_URL is not'],
    ['a URL that does not parse', 'siem.example/hooks', secret, 'WEBHOOK_URL is not a valid URL: "siem.example/hooks"'],
    ['another scheme', 'ftp://siem.example/hooks', secret, 'WEBHOOK_URL must be an http:// or https:// URL, not ftp:.'],
    ['credentials in the URL', 'https://user:pw@siem.example/hooks', secret, 'WEBHOOK_URL must not carry a user name or password'],
  ])('refuses %s with a message naming the setting', (_name, url, given, message) => {
    expect(() => checkWebhookConfig(url, given)).toThrow(message);
  });
});
