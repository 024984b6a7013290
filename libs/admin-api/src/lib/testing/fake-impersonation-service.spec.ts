import { createAdminApiHandlers } from '../server/create-admin-api-handlers';
import { AdminApiError } from '../server/admin-api-error';
import type { RequestContext } from '../server/impersonation-service';
import { createFakeImpersonationService, FAKE_IMPERSONATION_TTL_MS, FAKE_PENDING_TTL_MS, type FakeImpersonationServiceOptions } from './fake-impersonation-service';
import { fakeUsersFixture } from './fake-users';

const START = new Date('2030-01-01T10:00:00.000Z');
const ctx: RequestContext = { request: new Request('https://app.example.com/api/admin/impersonate'), ip: '203.0.113.7', userAgent: 'jest' };
const reason = 'Support ticket #4521';

function setup(options: FakeImpersonationServiceOptions = {}) {
  let clock = START.getTime();
  const service = createFakeImpersonationService({ now: () => new Date(clock), ...options });
  const advance = (ms: number) => {
    clock += ms;
  };
  return { service, advance };
}

const failsWith = (code: string) => expect.objectContaining({ code, constructor: AdminApiError });

describe('createFakeImpersonationService', () => {
  describe('starting', () => {
    it('creates a pending impersonation that expires after the TTL and writes it to the ledger', async () => {
      const { service } = setup();
      const started = await service.startImpersonation(ctx, { userId: 'usr_ada', reason });

      expect(started).toEqual({
        success: true,
        impersonationId: 'imp_1',
        targetUser: { id: 'usr_ada', email: 'ada@example.com' },
        expiresAt: new Date(START.getTime() + FAKE_IMPERSONATION_TTL_MS).toISOString(),
      });
      expect((await service.listImpersonations(ctx, { active: true })).impersonations).toEqual([
        expect.objectContaining({ id: 'imp_1', status: 'pending', startedAt: null, reason }),
      ]);
      expect((await service.listAudit(ctx, {})).events).toEqual([
        expect.objectContaining({ type: 'impersonation.started', actor: { id: 'usr_admin', email: 'grace@example.com' }, reason, ip: '203.0.113.7', userAgent: 'jest' }),
      ]);
    });

    it.each([
      ['themselves', 'usr_admin', 'forbidden'],
      ['another admin', 'usr_linus', 'forbidden'],
      ['a disabled user', 'usr_alan', 'forbidden'],
      ['an unknown user', 'usr_nobody', 'not_found'],
    ])('refuses to impersonate %s', async (_label, userId, code) => {
      const { service } = setup();
      await expect(service.startImpersonation(ctx, { userId, reason })).rejects.toEqual(failsWith(code));
    });

    it('refuses a second impersonation while one is pending', async () => {
      const { service } = setup();
      await service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      await expect(service.startImpersonation(ctx, { userId: 'usr_barbara', reason })).rejects.toEqual(failsWith('conflict'));
    });

    it('refuses anyone signed out, and anyone who is not an admin', async () => {
      const { service } = setup({ signedInAs: null });
      await expect(service.startImpersonation(ctx, { userId: 'usr_ada', reason })).rejects.toEqual(failsWith('unauthenticated'));
      service.signInAs('usr_barbara');
      await expect(service.listUsers(ctx, {})).rejects.toEqual(failsWith('forbidden'));
    });
  });

  describe('taking over and returning', () => {
    it('switches the session to the target, then back to the admin on return', async () => {
      const { service } = setup();
      const { impersonationId } = await service.startImpersonation(ctx, { userId: 'usr_ada', reason });

      service.activate(impersonationId);
      expect(service.session).toEqual({ userId: 'usr_ada', impersonationId });

      expect(await service.returnToAdmin(ctx)).toEqual({ success: true, adminUser: { id: 'usr_admin', email: 'grace@example.com' } });
      expect(service.session).toEqual({ userId: 'usr_admin', impersonationId: null });
      expect((await service.listImpersonations(ctx, {})).impersonations[0]).toMatchObject({ status: 'ended', endReason: 'returned', endedBy: { id: 'usr_admin' } });
      expect((await service.listAudit(ctx, {})).events.map((event) => event.type)).toEqual([
        'impersonation.returned',
        'impersonation.activated',
        'impersonation.started',
      ]);
    });

    it('returns exactly once', async () => {
      const { service } = setup();
      const { impersonationId } = await service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      service.activate(impersonationId);
      await service.returnToAdmin(ctx);
      await expect(service.returnToAdmin(ctx)).rejects.toEqual(failsWith('forbidden'));
    });

    it('lets a pending impersonation be taken over until just before 60 s', async () => {
      const { service, advance } = setup();
      const { impersonationId } = await service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      advance(FAKE_PENDING_TTL_MS - 1);
      expect(() => service.activate(impersonationId)).not.toThrow();
    });

    it('expires a pending impersonation not taken over within 60 s', async () => {
      const { service, advance } = setup();
      const { impersonationId } = await service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      advance(FAKE_PENDING_TTL_MS);
      expect(() => service.activate(impersonationId)).toThrow(failsWith('forbidden'));
      expect((await service.listAudit(ctx, {})).events[0]?.type).toBe('impersonation.expired');
    });

    it('refuses a take-over by another admin', async () => {
      const { service } = setup();
      const { impersonationId } = await service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      service.signInAs('usr_linus');
      expect(() => service.activate(impersonationId)).toThrow(failsWith('forbidden'));
    });

    it('allows a return until the hard expiry and refuses it from then on', async () => {
      const early = setup();
      const first = await early.service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      early.service.activate(first.impersonationId);
      early.advance(FAKE_IMPERSONATION_TTL_MS - 1);
      await expect(early.service.returnToAdmin(ctx)).resolves.toMatchObject({ success: true });

      const late = setup();
      const second = await late.service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      late.service.activate(second.impersonationId);
      late.advance(FAKE_IMPERSONATION_TTL_MS);
      await expect(late.service.returnToAdmin(ctx)).rejects.toEqual(failsWith('forbidden'));
      late.service.signInAs('usr_admin');
      expect((await late.service.listImpersonations(ctx, {})).impersonations[0]).toMatchObject({ status: 'ended', endReason: 'expired', endedBy: null });
    });

    it('gives the impersonated session no admin powers', async () => {
      const { service } = setup();
      const { impersonationId } = await service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      service.activate(impersonationId);
      await expect(service.listAudit(ctx, {})).rejects.toEqual(failsWith('forbidden'));
    });
  });

  describe('ending', () => {
    it('lets any admin end any impersonation, once', async () => {
      const { service } = setup();
      const { impersonationId } = await service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      service.signInAs('usr_linus');

      const { impersonation } = await service.endImpersonation(ctx, impersonationId);

      expect(impersonation).toMatchObject({ status: 'ended', endReason: 'ended_by_admin', endedBy: { id: 'usr_linus', email: 'linus@example.com' } });
      await expect(service.endImpersonation(ctx, impersonationId)).rejects.toEqual(failsWith('conflict'));
      await expect(service.endImpersonation(ctx, 'imp_404')).rejects.toEqual(failsWith('not_found'));
    });
  });

  describe('listing', () => {
    it('searches users by e-mail or name and says who may be impersonated', async () => {
      const { service } = setup();
      expect((await service.listUsers(ctx, { query: 'LOVELACE' })).users).toEqual([
        { id: 'usr_ada', email: 'ada@example.com', name: 'Ada Lovelace', role: 'user', status: 'active', impersonable: true },
      ]);
      const flags = (await service.listUsers(ctx, {})).users.map((user) => [user.id, user.notImpersonableReason ?? 'ok']);
      expect(flags).toEqual([
        ['usr_admin', 'self'],
        ['usr_linus', 'admin'],
        ['usr_ada', 'ok'],
        ['usr_alan', 'disabled'],
        ['usr_barbara', 'ok'],
      ]);
    });

    it('pages users with the limit and a cursor', async () => {
      const { service } = setup();
      const first = await service.listUsers(ctx, { limit: 2 });
      expect(first).toMatchObject({ users: [{ id: 'usr_admin' }, { id: 'usr_linus' }], nextCursor: '2' });
      const last = await service.listUsers(ctx, { limit: 3, cursor: first.nextCursor ?? undefined });
      expect(last).toMatchObject({ users: [{ id: 'usr_ada' }, { id: 'usr_alan' }, { id: 'usr_barbara' }], nextCursor: null });
      await expect(service.listUsers(ctx, { cursor: 'abc' })).rejects.toEqual(failsWith('bad_request'));
    });

    it('filters the ledger by admin and target and pages it', async () => {
      const { service } = setup({ pageSize: 1 });
      const { impersonationId } = await service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      await service.endImpersonation(ctx, impersonationId);
      await service.startImpersonation(ctx, { userId: 'usr_barbara', reason });

      const newest = await service.listAudit(ctx, {});
      expect(newest).toMatchObject({ events: [{ type: 'impersonation.started', target: { id: 'usr_barbara' } }], nextCursor: '1' });
      expect((await service.listAudit(ctx, { target: 'usr_ada', cursor: '1' })).events).toMatchObject([{ type: 'impersonation.started' }]);
      expect((await service.listAudit(ctx, { admin: 'usr_linus' })).events).toEqual([]);
    });

    it('shows users only their own, actually started, access history', async () => {
      const { service } = setup();
      const viewed = await service.startImpersonation(ctx, { userId: 'usr_ada', reason });
      service.activate(viewed.impersonationId);
      await service.returnToAdmin(ctx);
      const { impersonationId: neverTakenOver } = await service.startImpersonation(ctx, { userId: 'usr_ada', reason: 'Never used' });
      await service.endImpersonation(ctx, neverTakenOver);

      service.signInAs('usr_ada');
      expect(await service.listAccessHistory(ctx, {})).toEqual({
        entries: [
          {
            id: viewed.impersonationId,
            admin: { id: 'usr_admin', email: 'grace@example.com' },
            reason,
            startedAt: START.toISOString(),
            endedAt: START.toISOString(),
            endReason: 'returned',
          },
        ],
        nextCursor: null,
      });
      service.signInAs('usr_barbara');
      expect((await service.listAccessHistory(ctx, {})).entries).toEqual([]);
    });

    it('uses its own users and starts signed out when told to', async () => {
      const { service } = setup({ users: fakeUsersFixture.slice(0, 1), signedInAs: null });
      await expect(service.listUsers(ctx, {})).rejects.toEqual(failsWith('unauthenticated'));
    });
  });

  describe('behind the real handlers', () => {
    it('runs a whole start, take-over and return over HTTP with answers that satisfy the contract', async () => {
      const { service } = setup();
      const handlers = createAdminApiHandlers({ service, origin: 'https://app.example.com' });
      const post = (path: string, body: unknown) =>
        handlers.route(
          new Request(`https://app.example.com${path}`, {
            method: 'POST',
            headers: { origin: 'https://app.example.com', 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        );

      const started = await post('/api/admin/impersonate', { userId: 'usr_ada', reason: `  ${reason}  ` });
      expect(started.status).toBe(200);
      const { impersonationId } = (await started.json()) as { impersonationId: string };
      service.activate(impersonationId);

      const returned = await post('/api/admin/return-to-admin', {});
      expect(await returned.json()).toEqual({ success: true, adminUser: { id: 'usr_admin', email: 'grace@example.com' } });

      const again = await post('/api/admin/return-to-admin', {});
      expect(again.status).toBe(403);
    });
  });
});
