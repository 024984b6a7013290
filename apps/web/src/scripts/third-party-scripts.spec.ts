import { ADMIN_PAGE_PATH } from '../ui/routes';
import {
  hostnameOf,
  isAdminPath,
  isScriptFreePath,
  isStaffRole,
  needsFullPageLoad,
  selectThirdPartyScripts,
  type ScriptRequest,
  type ScriptSettings,
} from './third-party-scripts';

const AFFILIATE = 'https://affiliate.example.net/track.js';
const ANALYTICS = 'https://analytics.example.net/script.js';

const production: ScriptSettings = { affiliateScriptUrl: AFFILIATE, analyticsScriptUrl: ANALYTICS, nodeEnv: 'production' };
const publicPage: ScriptRequest = { host: 'app.example.com', pathname: '/', isImpersonated: false, isStaff: false };

describe('selectThirdPartyScripts', () => {
  it.each<[string, Partial<ScriptSettings>, Partial<ScriptRequest>, { affiliate: string | null; analytics: string | null }]>([
    ['loads both on a public page of a production build on a real host', {}, {}, { affiliate: AFFILIATE, analytics: ANALYTICS }],
    ...['/account', '/account/access', '/account/settings', '/account/notifications', '/account/anything/below'].map(
      (pathname): [string, Partial<ScriptSettings>, Partial<ScriptRequest>, { affiliate: null; analytics: null }] => [
        `loads neither on ${pathname} for a plain user, where users decide who may see their account`,
        {},
        { pathname },
        { affiliate: null, analytics: null },
      ],
    ),
    ['loads both on a page merely starting with "/account"', {}, { pathname: '/accounts' }, { affiliate: AFFILIATE, analytics: ANALYTICS }],
    [
      'loads neither when both URLs are unset',
      { affiliateScriptUrl: undefined, analyticsScriptUrl: undefined },
      {},
      { affiliate: null, analytics: null },
    ],
    ['treats blank URLs as unset', { affiliateScriptUrl: '  ', analyticsScriptUrl: '' }, {}, { affiliate: null, analytics: null }],
    [
      'treats a non-http URL as unset',
      { affiliateScriptUrl: 'javascript:alert(1)', analyticsScriptUrl: 'data:text/javascript,1' },
      {},
      { affiliate: null, analytics: null },
    ],
    [
      'treats a protocol-relative URL as unset',
      { affiliateScriptUrl: '//evil.example/x.js' },
      {},
      { affiliate: null, analytics: ANALYTICS },
    ],
    [
      'accepts a same-origin path',
      { affiliateScriptUrl: '/vendor/affiliate.js' },
      {},
      { affiliate: '/vendor/affiliate.js', analytics: ANALYTICS },
    ],
    [
      'loads only the affiliate script when the analytics URL is unset',
      { analyticsScriptUrl: undefined },
      {},
      { affiliate: AFFILIATE, analytics: null },
    ],
    [
      'loads only analytics when the affiliate URL is unset',
      { affiliateScriptUrl: undefined },
      {},
      { affiliate: null, analytics: ANALYTICS },
    ],
    ['keeps analytics off in development', { nodeEnv: 'development' }, {}, { affiliate: AFFILIATE, analytics: null }],
    ['keeps analytics off under test', { nodeEnv: 'test' }, {}, { affiliate: AFFILIATE, analytics: null }],
    ['keeps analytics off when NODE_ENV is unset', { nodeEnv: undefined }, {}, { affiliate: AFFILIATE, analytics: null }],
    ['keeps analytics off on a preview deployment (APP_ENV=preview)', { appEnv: 'preview' }, {}, { affiliate: AFFILIATE, analytics: null }],
    [
      'keeps analytics off on a preview deployment (VERCEL_ENV=preview)',
      { vercelEnv: 'preview' },
      {},
      { affiliate: AFFILIATE, analytics: null },
    ],
    [
      'loads analytics on a production deployment (VERCEL_ENV=production)',
      { vercelEnv: 'production', appEnv: 'production' },
      {},
      { affiliate: AFFILIATE, analytics: ANALYTICS },
    ],
    ['keeps analytics off on localhost', {}, { host: 'localhost' }, { affiliate: AFFILIATE, analytics: null }],
    ['keeps analytics off on localhost with a port', {}, { host: 'localhost:3000' }, { affiliate: AFFILIATE, analytics: null }],
    ['keeps analytics off on LOCALHOST in capitals', {}, { host: 'LOCALHOST:3000' }, { affiliate: AFFILIATE, analytics: null }],
    ['keeps analytics off on 127.0.0.1', {}, { host: '127.0.0.1:3998' }, { affiliate: AFFILIATE, analytics: null }],
    ['keeps analytics off on [::1]', {}, { host: '[::1]:3000' }, { affiliate: AFFILIATE, analytics: null }],
    ['keeps analytics off on a *.localhost name', {}, { host: 'app.localhost:3000' }, { affiliate: AFFILIATE, analytics: null }],
    ['keeps analytics off when the host is unknown', {}, { host: null }, { affiliate: AFFILIATE, analytics: null }],
    [
      'loads analytics on a host that merely contains "localhost"',
      {},
      { host: 'localhost.example.com' },
      { affiliate: AFFILIATE, analytics: ANALYTICS },
    ],
    ['loads neither on the admin page', {}, { pathname: ADMIN_PAGE_PATH }, { affiliate: null, analytics: null }],
    ['loads neither below the admin page', {}, { pathname: `${ADMIN_PAGE_PATH}/anything` }, { affiliate: null, analytics: null }],
    ['loads neither while impersonating', {}, { isImpersonated: true }, { affiliate: null, analytics: null }],
    [
      'loads neither while impersonating even in development on localhost',
      { nodeEnv: 'development' },
      { isImpersonated: true, host: 'localhost' },
      { affiliate: null, analytics: null },
    ],
    [
      'loads neither on the setup page, whose address holds a one-time token',
      {},
      { pathname: '/setup' },
      { affiliate: null, analytics: null },
    ],
    ['loads neither for a staff session on the home page', {}, { isStaff: true }, { affiliate: null, analytics: null }],
    [
      'loads neither for a staff session on the access history page',
      {},
      { isStaff: true, pathname: '/account/access' },
      { affiliate: null, analytics: null },
    ],
    [
      'loads neither for a staff session even in development on localhost',
      { nodeEnv: 'development' },
      { isStaff: true, host: 'localhost' },
      { affiliate: null, analytics: null },
    ],
  ])('%s', (_name, settings, request, expected) => {
    expect(selectThirdPartyScripts({ ...production, ...settings }, { ...publicPage, ...request })).toEqual(expected);
  });
});

describe('isStaffRole', () => {
  it('counts every role but a plain user as staff, and no session as not staff', () => {
    expect(['admin', 'support', 'auditor'].map(isStaffRole)).toEqual([true, true, true]);
    expect([' user', 'user'].map(isStaffRole)).toEqual([true, false]);
    expect([null, undefined].map(isStaffRole)).toEqual([false, false]);
  });
});

describe('isAdminPath', () => {
  it('matches the admin page and paths below it, nothing else', () => {
    expect(isAdminPath(ADMIN_PAGE_PATH)).toBe(true);
    expect(isAdminPath('/223')).toBe(true);
    expect(isAdminPath('/2234')).toBe(false);
    expect(isAdminPath('/')).toBe(false);
    expect(isAdminPath('/account/access')).toBe(false);
  });
});

describe('hostnameOf', () => {
  it('drops the port and a trailing dot and lower-cases the name', () => {
    expect(hostnameOf('Example.COM.:8443')).toBe('example.com');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
  });

  it('answers null for a missing or malformed host', () => {
    expect(hostnameOf(null)).toBeNull();
    expect(hostnameOf('  ')).toBeNull();
    expect(hostnameOf('exa mple.com')).toBeNull();
  });
});

describe('needsFullPageLoad', () => {
  it('answers true between a page that may load scripts and one that may not, either way', () => {
    expect(needsFullPageLoad('/', '/account/settings')).toBe(true);
    expect(needsFullPageLoad('/account/access', '/')).toBe(true);
    expect(needsFullPageLoad('/', ADMIN_PAGE_PATH)).toBe(true);
  });

  it('answers false between two pages on the same side, and true from an unknown page', () => {
    expect(needsFullPageLoad('/account/access', '/account/settings')).toBe(false);
    expect(needsFullPageLoad('/', '/api-reference')).toBe(false);
    expect(needsFullPageLoad(null, '/')).toBe(true);
  });

  it('keeps the script-free pages script-free: the account pages are among them', () => {
    expect(['/account/access', '/account/settings', '/account/notifications', '/setup', ADMIN_PAGE_PATH].every(isScriptFreePath)).toBe(
      true,
    );
    expect(['/', '/accounts', '/api-reference'].some(isScriptFreePath)).toBe(false);
  });
});
