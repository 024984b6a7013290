import type { Metadata } from 'next';
import { getServerContext } from '../../server/app/server-context';
import { SetupView } from '../../ui/setup/setup-view';

export const dynamic = 'force-dynamic';

// The link's token is in the address: it is never sent on as a referrer.
export const metadata: Metadata = { title: 'Set up', referrer: 'no-referrer', robots: { index: false } };

/** `/setup?token=…`: the first administrator of an empty deployment, from the one-time link printed at start. */
export default async function SetupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const usable =
    typeof token === 'string' &&
    token.length <= 200 &&
    (await getServerContext()
      .firstAdminSetup.isUsable(token)
      .catch(() => false));
  return <SetupView token={usable ? token : null} />;
}
