import type { DemoSeeded } from '../db/open-database';
import { SETUP_LINK_TTL_MS, SETUP_PATH } from '../services/first-admin-setup';

/**
 * The start-up banner: plain text for the person at the terminal, printed by the start path (never a
 * log line, since it can hold a password or a one-time link).
 */
const frame = (lines: readonly string[]) => {
  const rule = '─'.repeat(72);
  return ['', rule, ...lines.map((line) => (line ? `  ${line}` : '')), rule, ''].join('\n');
};

// What each role is called for the person at the terminal (a support agent is not a plain user).
const ROLE_NAMES: Readonly<Record<string, string>> = { admin: 'administrator', support: 'support agent', user: 'user' };

/** `npm start` on a fresh embedded database: where, who, and the password. */
export function demoAccountsBanner({ url, dataDir, seeded }: { url: string; dataDir: string; seeded: DemoSeeded }): string {
  const width = Math.max(...seeded.accounts.map((account) => account.email.length));
  const describe = (account: DemoSeeded['accounts'][number]) =>
    `${ROLE_NAMES[account.role] ?? account.role}${account.status === 'disabled' ? ' (disabled: cannot sign in)' : ''}`;
  return frame([
    `Viewas is running at ${url}`,
    '',
    `Demo accounts, created just now in the empty embedded database (${dataDir}):`,
    ...seeded.accounts.map((account) => `  ${account.email.padEnd(width)}  ${describe(account)}`),
    `  and ${seeded.generatedUsers} generated users (e.g. ada.abara@example.com)`,
    '',
    ...(seeded.passwordFromEnv
      ? ['Password for all of them: the one you set in DEMO_PASSWORD.']
      : [
          `Password for all of them: ${seeded.password}`,
          'It is shown only this once (set DEMO_PASSWORD to choose it; delete the data directory to start over).',
        ]),
    '',
    'This is the try-it setup. A deployment (node apps/web/server.mjs) never creates demo accounts.',
  ]);
}

/** `npm start` again on a database that already has accounts. */
export function runningBanner({ url, dataDir }: { url: string; dataDir: string | null }): string {
  return frame([
    `Viewas is running at ${url}`,
    '',
    dataDir
      ? `Sign in with an account of ${dataDir} (the demo password was shown at the first start; delete that directory to start over).`
      : 'Sign in with an account of the configured database (npm run user:create adds one).',
  ]);
}

/** A deployment on an empty database: the one-time link that creates the first administrator. */
export function setupLinkBanner({ url, token }: { url: string; token: string }): string {
  return frame([
    'Viewas has no account yet. To create the first administrator, open this one-time link',
    `(it works once, for ${SETUP_LINK_TTL_MS / 60_000} minutes; a restart prints a new one):`,
    '',
    `  ${url}${SETUP_PATH}?token=${token}`,
    '',
    'Or create one from the command line: npm run user:create -- --email you@example.com --role admin',
  ]);
}
