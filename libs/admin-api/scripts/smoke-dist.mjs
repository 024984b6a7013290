// Runs the BUILT package the way a consumer does: the client (`.`) against the handlers (`./server`)
// over a small service, so a packaging mistake (a duplicated class, a missing export) fails here. The
// real service is the impersonation domain's (`@viewas/impersonation-core`), tested on its own.
import assert from 'node:assert/strict';
import { createAdminApiClient } from '../dist/index.js';
import { RefusalError, createAdminApiHandlers } from '../dist/server.js';
import { ledgerPageFixture, impersonateResponseFixture, returnToAdminResponseFixture } from '../dist/testing.js';

const ORIGIN = 'https://app.example.com';
let returned = false;
const service = {
  startImpersonation: async () => impersonateResponseFixture,
  returnToAdmin: async () => {
    // The service's RefusalError must be recognised by the handlers: 403, not a generic 500.
    if (returned) throw new RefusalError('forbidden', 'This session is not an impersonation');
    returned = true;
    return returnToAdminResponseFixture;
  },
  listLedger: async () => ledgerPageFixture,
};
const handlers = createAdminApiHandlers({ service, origin: ORIGIN });
const api = createAdminApiClient({
  // The browser would add Origin itself.
  fetch: (url, init) => handlers.route(new Request(`${ORIGIN}${url}`, { ...init, headers: { ...init?.headers, origin: ORIGIN } })),
});

assert.deepEqual(await api.startImpersonation({ userId: 'usr_ada', reason: '  smoke test  ' }), {
  ok: true,
  data: impersonateResponseFixture,
});
assert.deepEqual(await api.returnToAdmin(), { ok: true, data: returnToAdminResponseFixture });
assert.deepEqual(await api.returnToAdmin(), {
  ok: false,
  error: { code: 'forbidden', message: 'This session is not an impersonation', status: 403 },
});

const refused = await api.startImpersonation({ userId: 'usr_ada', reason: 'x' });
assert.equal(refused.ok || refused.error.issues?.[0]?.path, 'reason');

assert.deepEqual(await api.listLedger(), { ok: true, data: ledgerPageFixture });

console.log('admin-api dist smoke test: client -> handlers -> service OK');
