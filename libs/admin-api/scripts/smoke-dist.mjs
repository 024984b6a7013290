// Runs the BUILT package the way a consumer does: the client (`.`) against the handlers (`./server`)
// over the fake service (`./testing`), so a packaging mistake (a duplicated class, a missing export) fails here.
import assert from 'node:assert/strict';
import { createAdminApiClient } from '../dist/index.js';
import { createAdminApiHandlers } from '../dist/server.js';
import { createFakeImpersonationService } from '../dist/testing.js';

const ORIGIN = 'https://app.example.com';
const service = createFakeImpersonationService();
const handlers = createAdminApiHandlers({ service, origin: ORIGIN });
const api = createAdminApiClient({
  // The browser would add Origin itself.
  fetch: (url, init) => handlers.route(new Request(`${ORIGIN}${url}`, { ...init, headers: { ...init?.headers, origin: ORIGIN } })),
});

const started = await api.startImpersonation({ userId: 'usr_ada', reason: '  smoke test  ' });
assert.equal(started.ok, true, JSON.stringify(started));
service.activate(started.data.impersonationId);

assert.deepEqual(await api.returnToAdmin(), { ok: true, data: { success: true, adminUser: { id: 'usr_admin', email: 'grace@example.com' } } });
// The fake's AdminApiError must be recognised by the handlers: 403, not a generic 500.
assert.deepEqual(await api.returnToAdmin(), { ok: false, error: { code: 'forbidden', message: 'You are not viewing as another user', status: 403 } });

const refused = await api.startImpersonation({ userId: 'usr_ada', reason: 'x' });
assert.equal(refused.ok || refused.error.issues?.[0]?.path, 'reason');

const audit = await api.listAudit();
assert.deepEqual(audit.ok && audit.data.events.map((event) => event.type), ['impersonation.returned', 'impersonation.activated', 'impersonation.started']);

console.log('admin-api dist smoke test: client -> handlers -> fake service OK');
