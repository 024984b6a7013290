import { fileURLToPath } from 'node:url';

/**
 * Ports, URLs and accounts the browser tests and their servers share; fixed so both sides agree.
 * The server reads the script URLs at request time, so the production build needs no special env.
 */
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 3311);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DEMO_PASSWORD = 'e2e-demo-password';

/** The stub server that stands in for the third-party analytics and affiliate hosts. */
export const SCRIPT_STUB_PORT = Number(process.env['E2E_SCRIPT_STUB_PORT'] ?? 3312);
export const SCRIPT_STUB_ORIGIN = `http://127.0.0.1:${SCRIPT_STUB_PORT}`;
export const ANALYTICS_SCRIPT_URL = `${SCRIPT_STUB_ORIGIN}/analytics.js`;
export const AFFILIATE_SCRIPT_URL = `${SCRIPT_STUB_ORIGIN}/affiliate.js`;

/** A host name that is not localhost; Chromium resolves it to 127.0.0.1 (see CHROMIUM_E2E_ARGS). */
export const NAMED_HOST = 'viewas.test';
export const NAMED_HOST_BASE_URL = `http://${NAMED_HOST}:${E2E_PORT}`;
export const CHROMIUM_HOST_RULES = `--host-resolver-rules=MAP ${NAMED_HOST} 127.0.0.1`;

/** The demo accounts the server seeds (apps/web/src/server/db/demo-users.ts). */
export const ACCOUNTS = {
  admin: 'admin@example.com',
  admin2: 'admin2@example.com',
  support: 'support@example.com',
  user: 'user@example.com',
} as const;
export type AccountName = keyof typeof ACCOUNTS;

/**
 * Generated demo users (first name × last name), one per test that views as someone: an admin may
 * not view the same user twice at once, and a test that fails half-way leaves its view running.
 */
export const TARGETS = {
  returnFlow: 'ada.abara@example.com',
  failureFlow: 'alan.abara@example.com',
  keyboardFlow: 'barbara.abara@example.com',
  twoTabsBadge: 'claude.abara@example.com',
  twoTabsPage: 'dennis.abara@example.com',
  scripts: 'edsger.abara@example.com',
  accessibility: { light: 'frances.abara@example.com', dark: 'grace.abara@example.com' },
  /** Signs in as well (the generated users share the demo password): sets `ask`, approves, reads notifications. */
  consent: 'hedy.abara@example.com',
  /** Viewed read-only by the support agent. */
  supportReadOnly: 'ivan.abara@example.com',
  /** Watched from the first byte of HTML: the badge is painted once and never redrawn. */
  badgeFirstPaint: 'whitfield.kowalski@example.com',
  /** Every page of a view, walked: light, dark, and a phone. */
  viewWalk: { light: 'jean.abara@example.com', dark: 'ken.abara@example.com', phone: 'leslie.abara@example.com' },
} as const;

const distPath = (path: string) => fileURLToPath(new URL(`../../../../dist/e2e/${path}`, import.meta.url));

/** Every flow saves its step screenshots under here (kept as test artifacts). */
export const SCREENSHOT_DIR = distPath('screenshots');
/** Signed-in browser state per account, written by the setup project. */
export const authStatePath = (account: AccountName) => distPath(`.auth/${account}.json`);
