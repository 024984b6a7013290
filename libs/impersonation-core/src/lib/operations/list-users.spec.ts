import { createMemoryConsentStore } from '../../../testing/memory-consent-store';
import { createManualClock } from '../clock';
import { createConsentService } from '../consent/consent-service';
import type { SupportAccess } from '../consent/start-gate';
import { createImpersonation, type Outcome } from '../create-impersonation';
import { createMemoryStore } from '../memory/memory-store';
import type { UserRow } from '../model';
import { signInClaims } from '../session';
import { USERS_PAGE_SIZE } from './queries';

function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal.why}`);
  return outcome.value;
}

/** The domain over memory, its consent port answering from `stored` and recording whom each call asked about. */
async function setup() {
  const clock = createManualClock('2030-01-01T10:00:00.000Z');
  const store = createMemoryStore({ now: clock.now });
  const service = createConsentService({ store: createMemoryConsentStore([], store), clock, newId: () => crypto.randomUUID() });
  const stored = new Map<string, SupportAccess>();
  const asked: string[][] = [];
  const impersonation = createImpersonation({
    store,
    clock,
    sessionMaxAgeSeconds: 24 * 3600,
    consent: {
      service,
      // Answers only the stored choices: a user who never chose is left out, as a host's settings table leaves them out.
      supportAccessOfMany: async (users: readonly UserRow[]) => {
        asked.push(users.map((user) => user.email));
        const ids = new Set(users.map((user) => user.id));
        return new Map([...stored].filter(([id]) => ids.has(id)));
      },
    },
  });
  const admin = await store.users.create({ email: 'admin@example.com', role: 'admin' });
  const staff = value(await impersonation.staffOf({ status: 'valid', claims: signInClaims(admin, clock.now()), refreshed: false }));
  const list = async (query: { query?: string; cursor?: string }) => impersonation.listUsers(staff, query);
  return { store, stored, asked, list };
}

describe('the admin user list', () => {
  it("says whose approval each mode needs from each user's stored choice, and from the default for a user who never chose", async () => {
    const { store, stored, list } = await setup();
    const choose = async (email: string, choice: SupportAccess) => stored.set((await store.users.create({ email })).id, choice);
    await choose('asks@example.com', 'ask');
    await choose('never@example.com', 'never');
    await choose('allowed@example.com', 'allowed');
    await store.users.create({ email: 'unset@example.com' });

    const { users } = await list({ query: '@example.com' });
    const approvalsOf = (email: string) => users.find((user) => user.email === email)?.approvals;

    expect(approvalsOf('asks@example.com')).toEqual([
      { mode: 'read_only', approvers: ['user'] },
      { mode: 'full', approvers: ['user', 'admin'] },
    ]);
    expect(approvalsOf('never@example.com')).toBeUndefined();
    const allowed = [
      { mode: 'read_only', approvers: [] },
      { mode: 'full', approvers: ['admin'] },
    ];
    expect(approvalsOf('allowed@example.com')).toEqual(allowed);
    expect(approvalsOf('unset@example.com')).toEqual(allowed);
  });

  it('asks the host for the choices once per page, about the users who may be viewed only', async () => {
    const { store, asked, list } = await setup();
    for (let n = 0; n < USERS_PAGE_SIZE + 5; n += 1) await store.users.create({ email: `user${String(n).padStart(2, '0')}@example.com` });
    await store.users.create({ email: 'other-admin@example.com', role: 'admin' });

    const first = await list({});
    expect(first.users).toHaveLength(USERS_PAGE_SIZE);
    expect(asked).toHaveLength(1);
    const viewable = first.users.filter((user) => user.impersonable).map((user) => user.email);
    expect(viewable.length).toBeLessThan(first.users.length);
    expect(asked[0]).toEqual(viewable);

    await list({ cursor: first.nextCursor ?? undefined });
    expect(asked).toHaveLength(2);
  });

  it('asks the host nothing for a page on which nobody may be viewed', async () => {
    const { asked, list } = await setup();
    const { users } = await list({ query: 'admin@' });
    expect(users.map((user) => user.impersonable)).toEqual([false]);
    expect(asked).toEqual([]);
  });
});
