import type { AppApiClient } from './browser-services-context';
import { ok } from '../../../testing/ui/fixtures';
import { fakeApi } from '../../../testing/ui/render';
import { createLazyAdminApiClient } from './lazy-admin-api';

describe('createLazyAdminApiClient', () => {
  it('loads nothing until the first call', () => {
    const load = jest.fn(async () => fakeApi());
    createLazyAdminApiClient(load);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the client once, on the first call, and hands every call to it unchanged', async () => {
    const real = fakeApi({ listUsers: jest.fn(async () => ok({ users: [], nextCursor: 'next' })) });
    const load = jest.fn(async () => real);
    const api = createLazyAdminApiClient(load);
    const { signal } = new AbortController();

    const [users] = await Promise.all([api.listUsers({ query: 'ada', limit: 10 }, { signal }), api.listImpersonations({ active: true })]);
    await api.startImpersonation({ userId: 'usr_ada', reason: 'Ticket 1' });
    await api.endImpersonation('imp_1', { signal });
    await api.listLedger({ cursor: 'c', admin: 'usr_grace' });
    await api.getAccessHistory({ cursor: 'c' });
    await api.returnToAdmin({ signal });

    expect(load).toHaveBeenCalledTimes(1);
    expect(users).toEqual(ok({ users: [], nextCursor: 'next' }));
    expect(real.listUsers).toHaveBeenCalledWith({ query: 'ada', limit: 10 }, { signal });
    expect(real.listImpersonations).toHaveBeenCalledWith({ active: true }, undefined);
    expect(real.startImpersonation).toHaveBeenCalledWith({ userId: 'usr_ada', reason: 'Ticket 1' }, undefined);
    expect(real.endImpersonation).toHaveBeenCalledWith('imp_1', { signal });
    expect(real.listLedger).toHaveBeenCalledWith({ cursor: 'c', admin: 'usr_grace' }, undefined);
    expect(real.getAccessHistory).toHaveBeenCalledWith({ cursor: 'c' }, undefined);
    expect(real.returnToAdmin).toHaveBeenCalledWith({ signal });
  });

  it('answers a network error when the client cannot be loaded, and loads again on the next call', async () => {
    const real = fakeApi();
    const load = jest.fn<Promise<AppApiClient>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce(real);
    const api = createLazyAdminApiClient(load);

    await expect(api.returnToAdmin()).resolves.toEqual({ ok: false, error: { code: 'network', message: expect.any(String), status: 0 } });
    expect(real.returnToAdmin).not.toHaveBeenCalled();

    await expect(api.returnToAdmin()).resolves.toMatchObject({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
