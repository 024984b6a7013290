import { readScriptSettings } from './script-settings';

describe('readScriptSettings', () => {
  it('reads the script URLs and the environment flags the rule needs, nothing else', () => {
    expect(
      readScriptSettings({
        NODE_ENV: 'production',
        NEXT_PUBLIC_AFFILIATE_SCRIPT_URL: 'https://a.example/a.js',
        NEXT_PUBLIC_ANALYTICS_SCRIPT_URL: 'https://b.example/b.js',
        APP_ENV: 'preview',
        VERCEL_ENV: 'production',
        NEXTAUTH_SECRET: 'never passed to the browser',
      }),
    ).toEqual({
      affiliateScriptUrl: 'https://a.example/a.js',
      analyticsScriptUrl: 'https://b.example/b.js',
      nodeEnv: 'production',
      appEnv: 'preview',
      vercelEnv: 'production',
    });
  });
});
