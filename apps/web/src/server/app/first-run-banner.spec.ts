import { demoAccountsBanner, runningBanner, setupLinkBanner } from './first-run-banner';

const seeded = {
  accounts: [
    { email: 'admin@example.com', role: 'admin', status: 'active' },
    { email: 'support@example.com', role: 'support', status: 'active' },
    { email: 'user@example.com', role: 'user', status: 'active' },
    { email: 'disabled@example.com', role: 'user', status: 'disabled' },
  ],
  generatedUsers: 200,
  password: 'Gen3ratedPassw0rd',
  passwordFromEnv: false,
};

describe('the start-up banner', () => {
  it('names the URL, every demo account with its role, and the generated password, in plain text', () => {
    const banner = demoAccountsBanner({ url: 'http://localhost:3000', dataDir: '/srv/viewas/.data', seeded });
    expect(banner).toContain('Viewas is running at http://localhost:3000');
    expect(banner).toContain('  admin@example.com     administrator');
    expect(banner).toContain('  support@example.com   support agent');
    expect(banner).toContain('  user@example.com      user');
    expect(banner).toContain('  disabled@example.com  user (disabled: cannot sign in)');
    expect(banner).toContain('and 200 generated users');
    expect(banner).toContain('Password for all of them: Gen3ratedPassw0rd');
    expect(banner.split('\n').some((line) => line.startsWith('{'))).toBe(false);
  });

  it('does not repeat a password the operator chose in DEMO_PASSWORD', () => {
    const banner = demoAccountsBanner({ url: 'http://localhost:3000', dataDir: '/data', seeded: { ...seeded, passwordFromEnv: true } });
    expect(banner).not.toContain('Gen3ratedPassw0rd');
    expect(banner).toContain('Password for all of them: the one you set in DEMO_PASSWORD.');
    expect(banner).not.toMatch(/\n\n\n/);
  });

  it('prints the one-time setup link of an empty deployment with its lifetime and the CLI alternative', () => {
    const banner = setupLinkBanner({ url: 'https://viewas.example.com', token: 'tok_abc' });
    expect(banner).toContain('    https://viewas.example.com/setup?token=tok_abc');
    expect(banner).toContain('it works once, for 60 minutes; a restart prints a new one');
    expect(banner).toContain('npm run user:create -- --email you@example.com --role admin');
  });

  it('tells a later npm start where its accounts are', () => {
    expect(runningBanner({ url: 'http://localhost:3000', dataDir: '/data' })).toContain('Sign in with an account of /data');
  });
});
