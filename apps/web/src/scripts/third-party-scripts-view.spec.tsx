/** @jest-environment jsdom */
import { ADMIN_PAGE_PATH } from '../ui/routes';
import type { SessionUser } from '@viewas/session-client';
import { render, waitFor } from '@testing-library/react';
import { NextContext, sessionOf } from '../../testing/ui/next';
import type { ScriptSettings } from './third-party-scripts';
import { ThirdPartyScripts } from './third-party-scripts-view';

const member: SessionUser = { id: 'usr_ada', email: 'ada@example.com', role: 'user', isImpersonated: false };
const impersonated: SessionUser = { ...member, isImpersonated: true };
const admin: SessionUser = { id: 'usr_grace', email: 'grace@example.com', role: 'admin', isImpersonated: false };

// next/script remembers every URL it loaded for the life of the page, so each case uses its own.
let counter = 0;
function settings(): ScriptSettings & { affiliateScriptUrl: string; analyticsScriptUrl: string } {
  counter += 1;
  return {
    affiliateScriptUrl: `https://affiliate.example.net/t${counter}.js`,
    analyticsScriptUrl: `https://analytics.example.net/a${counter}.js`,
    nodeEnv: 'production',
  };
}

const loaded = (src: string) => document.querySelector(`script[src="${src}"]`);

function renderScripts({
  pathname = '/',
  initialUser = member,
  session = member,
  nonce,
}: {
  pathname?: string | null;
  initialUser?: SessionUser;
  session?: SessionUser;
  nonce?: string;
}) {
  const current = settings();
  render(
    <NextContext pathname={pathname} session={sessionOf(session)}>
      <ThirdPartyScripts settings={current} host="app.example.com" initialUser={initialUser} nonce={nonce} />
    </NextContext>,
  );
  return current;
}

describe('ThirdPartyScripts', () => {
  it('loads both scripts on a public page, with the CSP nonce', async () => {
    const { affiliateScriptUrl, analyticsScriptUrl } = renderScripts({ nonce: 'n0nce' });
    await waitFor(() => expect(loaded(affiliateScriptUrl)).not.toBeNull());
    expect(loaded(affiliateScriptUrl)).toHaveAttribute('nonce', 'n0nce');
    expect(loaded(analyticsScriptUrl)).toHaveAttribute('nonce', 'n0nce');
  });

  it('loads nothing on the admin page', async () => {
    const probe = renderScripts({});
    const { affiliateScriptUrl, analyticsScriptUrl } = renderScripts({ pathname: ADMIN_PAGE_PATH });
    await waitFor(() => expect(loaded(probe.affiliateScriptUrl)).not.toBeNull());
    expect(loaded(affiliateScriptUrl)).toBeNull();
    expect(loaded(analyticsScriptUrl)).toBeNull();
  });

  it('loads nothing while the server rendered an impersonated session', async () => {
    const probe = renderScripts({});
    const { affiliateScriptUrl } = renderScripts({ initialUser: impersonated, session: member });
    await waitFor(() => expect(loaded(probe.affiliateScriptUrl)).not.toBeNull());
    expect(loaded(affiliateScriptUrl)).toBeNull();
  });

  it('loads nothing while the live session is impersonated', async () => {
    const probe = renderScripts({});
    const { affiliateScriptUrl } = renderScripts({ initialUser: member, session: impersonated });
    await waitFor(() => expect(loaded(probe.affiliateScriptUrl)).not.toBeNull());
    expect(loaded(affiliateScriptUrl)).toBeNull();
  });

  it('loads nothing when the page is unknown', async () => {
    const probe = renderScripts({});
    const { affiliateScriptUrl } = renderScripts({ pathname: null });
    await waitFor(() => expect(loaded(probe.affiliateScriptUrl)).not.toBeNull());
    expect(loaded(affiliateScriptUrl)).toBeNull();
  });

  it.each(['/', '/account/access'])('loads nothing on %s for an admin the server rendered the page for', async (pathname) => {
    const probe = renderScripts({});
    const { affiliateScriptUrl, analyticsScriptUrl } = renderScripts({ pathname, initialUser: admin, session: admin });
    await waitFor(() => expect(loaded(probe.affiliateScriptUrl)).not.toBeNull());
    expect(loaded(affiliateScriptUrl)).toBeNull();
    expect(loaded(analyticsScriptUrl)).toBeNull();
  });

  it.each(['/account/access', '/account/settings', '/account/notifications'])(
    'loads nothing on %s for a plain user, where users decide who may see their account',
    async (pathname) => {
      const probe = renderScripts({});
      const { affiliateScriptUrl, analyticsScriptUrl } = renderScripts({ pathname });
      await waitFor(() => expect(loaded(probe.affiliateScriptUrl)).not.toBeNull());
      expect(loaded(affiliateScriptUrl)).toBeNull();
      expect(loaded(analyticsScriptUrl)).toBeNull();
    },
  );

  it('loads nothing once the live session is an admin, though the server rendered a user', async () => {
    const probe = renderScripts({});
    const { affiliateScriptUrl } = renderScripts({ initialUser: member, session: admin });
    await waitFor(() => expect(loaded(probe.affiliateScriptUrl)).not.toBeNull());
    expect(loaded(affiliateScriptUrl)).toBeNull();
  });
});
