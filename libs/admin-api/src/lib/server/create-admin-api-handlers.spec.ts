import {
  accessHistoryPageFixture,
  ledgerPageFixture,
  endImpersonationResponseFixture,
  impersonateResponseFixture,
  impersonationsPageFixture,
  returnToAdminResponseFixture,
  usersPageFixture,
} from '../testing/fixtures';
import { REASON_MIN_LENGTH } from '../contracts/impersonate';
import { USERS_PAGE_MAX_LIMIT } from '../contracts/users';
import type { ApiErrorCode } from '../contracts/errors';
import { RefusalError } from '../contracts/refusal-error';
import { createAdminApiHandlers, DEFAULT_MAX_BODY_BYTES, type AdminApiHandlersOptions } from './create-admin-api-handlers';
import type { ApiRequest } from './api-request';
import { answerResponse, type HttpAnswer } from './http-answer';
import type { ImpersonationService } from './impersonation-service';

const ORIGIN = 'https://app.example.com';
const SAME_ORIGIN = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' };
const JSON_TYPE = { 'content-type': 'application/json' };

function stubService(): jest.Mocked<ImpersonationService> {
  return {
    startImpersonation: jest.fn().mockResolvedValue(impersonateResponseFixture),
    reauth: jest.fn().mockResolvedValue({ success: true }),
    returnToAdmin: jest.fn().mockResolvedValue(returnToAdminResponseFixture),
    listUsers: jest.fn().mockResolvedValue(usersPageFixture),
    listImpersonations: jest.fn().mockResolvedValue(impersonationsPageFixture),
    endImpersonation: jest.fn().mockResolvedValue(endImpersonationResponseFixture),
    endSessions: jest.fn().mockResolvedValue({ success: true, user: { id: 'usr_1', email: 'ada@example.com' } }),
    listLedger: jest.fn().mockResolvedValue(ledgerPageFixture),
    verifyLedger: jest.fn().mockResolvedValue({ success: true, ok: true, count: 3, head: 'a'.repeat(64) }),
    exportLedger: jest.fn().mockImplementation(async () => ({
      contentType: 'text/csv; charset=utf-8',
      filename: 'viewas-ledger-2030-01-01.csv',
      body: new Response('"id"\r\n"1"\r\n').body!,
    })),
    ledgerDeliveries: jest.fn().mockResolvedValue({
      success: true,
      enabled: true,
      pending: 2,
      failing: 1,
      failed: 0,
      lastError: null,
      lastDeliveredAt: null,
      signals: [
        {
          receiver: 'siem',
          url: 'https://siem.example.com/ssf',
          pending: 0,
          failing: 0,
          failed: 1,
          lastError: { eventId: 7, at: '2030-01-01T00:00:00.000Z', message: 'HTTP 400' },
          lastDeliveredAt: '2030-01-01T00:00:00.000Z',
        },
      ],
    }),
    listAccessHistory: jest.fn().mockResolvedValue(accessHistoryPageFixture),
    listStaffAccessRequests: jest.fn().mockResolvedValue({ requests: [] }),
    decideAccessRequestAsAdmin: jest.fn(),
    listMyAccessRequests: jest.fn().mockResolvedValue({ requests: [] }),
    decideAccessRequestAsUser: jest.fn(),
    revokeAccessRequestAsUser: jest.fn(),
    listNotifications: jest.fn().mockResolvedValue({ notifications: [], unreadCount: 0, nextCursor: null }),
    markNotificationsRead: jest.fn().mockResolvedValue({ success: true, unreadCount: 0 }),
    getAccountSettings: jest.fn().mockResolvedValue({ displayName: null, supportAccess: 'allowed', emailNotifications: true }),
    updateAccountSettings: jest.fn(),
    listAccountActivity: jest.fn().mockResolvedValue({ activity: [], nextCursor: null }),
    changePassword: jest.fn().mockResolvedValue({ success: true }),
  };
}

function setup(options: Partial<AdminApiHandlersOptions> = {}) {
  const service = stubService();
  const handlers = createAdminApiHandlers({ service, origin: ORIGIN, ...options });
  return { service, handlers };
}

function post(path: string, body?: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { ...SAME_ORIGIN, ...JSON_TYPE, ...headers }, body: body ?? null });
}

function get(path: string, headers: Record<string, string> = SAME_ORIGIN) {
  return new Request(`${ORIGIN}${path}`, { method: 'GET', headers });
}

const validStart = JSON.stringify({ userId: 'usr_ada', reason: '  Support ticket #4521  ' });

async function errorOf(response: Response) {
  const body = (await response.json()) as { success: boolean; error: { code: string; message: string; issues?: unknown } };
  expect(body.success).toBe(false);
  return { status: response.status, ...body.error };
}

describe('POST /api/admin/impersonate', () => {
  it('gives the service the trimmed input and the caller context, and answers its result', async () => {
    const { service, handlers } = setup({ getClientIp: (request) => request.headers.get('x-real-ip') });
    const request = post('/api/admin/impersonate', validStart, { 'x-real-ip': '203.0.113.7', 'user-agent': 'Firefox' });

    const response = await handlers.impersonate(request);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(impersonateResponseFixture);
    expect(service.startImpersonation).toHaveBeenCalledWith(
      { request, ip: '203.0.113.7', userAgent: 'Firefox' },
      { userId: 'usr_ada', reason: 'Support ticket #4521' },
    );
  });

  it('reports no IP unless the deployment says which header to trust', async () => {
    const { service, handlers } = setup();
    await handlers.impersonate(post('/api/admin/impersonate', validStart, { 'x-forwarded-for': '198.51.100.1' }));
    expect(service.startImpersonation.mock.calls[0]?.[0].ip).toBeNull();
  });

  it('answers 400 with every invalid field path and never calls the service', async () => {
    const { service, handlers } = setup();
    const response = await handlers.impersonate(
      post('/api/admin/impersonate', JSON.stringify({ userId: '../admin', reason: 'a'.repeat(REASON_MIN_LENGTH - 1) })),
    );

    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'bad_request',
      message: 'Invalid request body: userId, reason',
      issues: [
        { path: 'userId', message: 'Must be an id (1-128 letters, digits, - or _)' },
        { path: 'reason', message: `Must be at least ${REASON_MIN_LENGTH} characters` },
      ],
    });
    expect(service.startImpersonation).not.toHaveBeenCalled();
  });

  it('answers 400 when the body is JSON but not an object', async () => {
    const { handlers } = setup();
    const error = await errorOf(await handlers.impersonate(post('/api/admin/impersonate', '["usr_ada"]')));
    expect(error).toMatchObject({ status: 400, code: 'bad_request', message: 'Invalid request body' });
  });

  it('answers 400 for malformed JSON', async () => {
    const { service, handlers } = setup();
    const error = await errorOf(await handlers.impersonate(post('/api/admin/impersonate', '{"userId": "usr_ada",')));
    expect(error).toEqual({ status: 400, code: 'bad_request', message: 'The request body is not valid JSON' });
    expect(service.startImpersonation).not.toHaveBeenCalled();
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['no content type', { 'content-type': '' }],
  ])('answers 415 for %s, which a cross-site form could send without a preflight', async (_label, headers) => {
    const { service, handlers } = setup();
    const error = await errorOf(await handlers.impersonate(post('/api/admin/impersonate', validStart, headers)));
    expect(error).toEqual({ status: 415, code: 'unsupported_media_type', message: 'The request body must be application/json' });
    expect(service.startImpersonation).not.toHaveBeenCalled();
  });

  it('accepts JSON with a charset parameter', async () => {
    const { handlers } = setup();
    const response = await handlers.impersonate(
      post('/api/admin/impersonate', validStart, { 'content-type': 'Application/JSON; charset=utf-8' }),
    );
    expect(response.status).toBe(200);
  });
});

describe('access requests and notifications', () => {
  it('answers a start that waits for approval with 202 and the request', async () => {
    const { service, handlers } = setup();
    service.startImpersonation.mockResolvedValue({
      success: true,
      status: 'pending_approval',
      requestId: 'req_1',
      approvers: ['user', 'admin'],
    });
    const response = await handlers.route(
      post('/api/admin/impersonate', JSON.stringify({ userId: 'usr_ada', reason: 'Ticket 1', mode: 'full' })),
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ success: true, status: 'pending_approval', requestId: 'req_1', approvers: ['user', 'admin'] });
    expect(service.startImpersonation).toHaveBeenCalledWith(expect.anything(), { userId: 'usr_ada', reason: 'Ticket 1', mode: 'full' });
  });

  it('routes a decision to the right approver with the id from the path, and never an id that is not one', async () => {
    const { service, handlers } = setup();
    await handlers.route(post('/api/admin/access-requests/req_1/deny', '{}'));
    expect(service.decideAccessRequestAsAdmin).toHaveBeenCalledWith(expect.anything(), 'req_1', 'deny');
    await handlers.route(post('/api/account/access-requests/req_2/approve', JSON.stringify({ minutes: 90 })));
    expect(service.decideAccessRequestAsUser).toHaveBeenCalledWith(expect.anything(), 'req_2', {
      decision: 'approve',
      approval: { minutes: 90 },
    });
    expect(
      await errorOf(await handlers.route(post('/api/account/access-requests/..%2Fx/approve', JSON.stringify({ minutes: 5 })))),
    ).toMatchObject({ status: 400, code: 'bad_request' });
    expect(await errorOf(await handlers.route(post('/api/account/access-requests/req_2/cancel', '{}')))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });

  it.each([0, 1441, 1.5, '60', null])('answers 400 to an approval for %p minutes without calling the service', async (minutes) => {
    const { service, handlers } = setup();
    const answer = await errorOf(await handlers.route(post('/api/account/access-requests/req_2/approve', JSON.stringify({ minutes }))));
    expect(answer).toMatchObject({ status: 400, code: 'bad_request', issues: [expect.objectContaining({ path: 'minutes' })] });
    expect(service.decideAccessRequestAsUser).not.toHaveBeenCalled();
  });

  it('answers 400 to marking no ids, or more than a page of them, as read', async () => {
    const { handlers } = setup();
    expect(await errorOf(await handlers.route(post('/api/account/notifications/read', JSON.stringify({ ids: [] }))))).toMatchObject({
      status: 400,
    });
    const many = Array.from({ length: 101 }, (_, index) => `n${index}`);
    expect(await errorOf(await handlers.route(post('/api/account/notifications/read', JSON.stringify({ ids: many }))))).toMatchObject({
      status: 400,
    });
  });

  it('serves the lists over GET only', async () => {
    const { handlers } = setup();
    expect((await handlers.route(get('/api/account/notifications'))).status).toBe(200);
    expect((await handlers.route(get('/api/admin/access-requests'))).status).toBe(200);
    expect(await errorOf(await handlers.route(post('/api/account/access-requests', '{}')))).toMatchObject({ status: 405 });
  });
});

describe('password change', () => {
  const post = (body: string) =>
    new Request(`${ORIGIN}/api/account/password`, { method: 'POST', headers: { ...SAME_ORIGIN, ...JSON_TYPE }, body });

  it('gives the service the current and the new password as sent (never trimmed)', async () => {
    const { service, handlers } = setup();
    const input = { currentPassword: ' old password 1 ', newPassword: ' a new password ' };
    const response = await handlers.route(post(JSON.stringify(input)));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(service.changePassword).toHaveBeenCalledWith(expect.anything(), input);
  });

  it.each([
    ['no current password', { newPassword: 'a new password' }, 'currentPassword'],
    ['an empty current password', { currentPassword: '', newPassword: 'a new password' }, 'currentPassword'],
    ['no new password', { currentPassword: 'old password' }, 'newPassword'],
    ['a new password of 11 characters', { currentPassword: 'old password', newPassword: 'x'.repeat(11) }, 'newPassword'],
    ['a new password over 1024 characters', { currentPassword: 'old password', newPassword: 'x'.repeat(1025) }, 'newPassword'],
    ['the same password again', { currentPassword: 'the same password', newPassword: 'the same password' }, 'newPassword'],
    ['an unknown field', { currentPassword: 'old password', newPassword: 'a new password', confirm: 'a new password' }, ''],
  ])('answers 400 to %s, naming the field, without calling the service', async (_, body, field) => {
    const { service, handlers } = setup();
    const failure = await errorOf(await handlers.route(post(JSON.stringify(body))));
    expect(failure).toMatchObject({ status: 400, code: 'bad_request' });
    expect(failure.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    expect(service.changePassword).not.toHaveBeenCalled();
  });
});

describe('account settings', () => {
  const patch = (body: string, headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}/api/account/settings`, { method: 'PATCH', headers: { ...SAME_ORIGIN, ...JSON_TYPE, ...headers }, body });

  it('gives the service only the trimmed settings to change', async () => {
    const { service, handlers } = setup();
    service.updateAccountSettings.mockResolvedValue({
      success: true,
      settings: { displayName: 'Ada L.', supportAccess: 'ask', emailNotifications: true },
      changed: ['displayName', 'supportAccess'],
    });
    const response = await handlers.route(patch(JSON.stringify({ displayName: '  Ada L.  ', supportAccess: 'ask' })));
    expect(response.status).toBe(200);
    expect(service.updateAccountSettings).toHaveBeenCalledWith(expect.anything(), { displayName: 'Ada L.', supportAccess: 'ask' });
  });

  it.each([
    ['an unknown setting', { supportAcess: 'never' }, ''],
    ['no setting at all', {}, ''],
    ['a choice that does not exist', { supportAccess: 'sometimes' }, 'supportAccess'],
    ['a display name too long', { displayName: 'x'.repeat(81) }, 'displayName'],
    ['a display name with control characters', { displayName: 'Ada\u0000' }, 'displayName'],
    ['a string for the e-mail switch', { emailNotifications: 'yes' }, 'emailNotifications'],
  ])('answers 400 to %s, naming the field, without calling the service', async (_, body, field) => {
    const { service, handlers } = setup();
    const failure = await errorOf(await handlers.route(patch(JSON.stringify(body))));
    expect(failure).toMatchObject({ status: 400, code: 'bad_request' });
    expect(failure.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    expect(service.updateAccountSettings).not.toHaveBeenCalled();
  });

  it('refuses a cross-site PATCH', async () => {
    const { service, handlers } = setup();
    const response = await handlers.route(
      patch('{"supportAccess":"never"}', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
    );
    expect(await errorOf(response)).toMatchObject({ status: 403, code: 'forbidden' });
    expect(service.updateAccountSettings).not.toHaveBeenCalled();
  });

  it('answers GET and PATCH on one path, and 405 naming both for anything else', async () => {
    const { handlers } = setup();
    expect((await handlers.route(get('/api/account/settings'))).status).toBe(200);
    const response = await handlers.route(post('/api/account/settings', '{}'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, PATCH');
  });

  it('lists the activity with the cursor validated', async () => {
    const { service, handlers } = setup();
    expect((await handlers.route(get('/api/account/activity?cursor=abc'))).status).toBe(200);
    expect(service.listAccountActivity).toHaveBeenCalledWith(expect.anything(), { cursor: 'abc' });
    expect((await handlers.route(get(`/api/account/activity?cursor=${'x'.repeat(600)}`))).status).toBe(400);
  });
});

describe('body size cap', () => {
  const maxBodyBytes = 64;
  // A valid JSON body padded with spaces to an exact byte length.
  const bodyOf = (bytes: number) => validStart.padEnd(bytes, ' ');

  it('accepts a body of exactly the cap and refuses one byte more with 413', async () => {
    const { service, handlers } = setup({ maxBodyBytes });
    expect((await handlers.impersonate(post('/api/admin/impersonate', bodyOf(maxBodyBytes)))).status).toBe(200);

    const error = await errorOf(await handlers.impersonate(post('/api/admin/impersonate', bodyOf(maxBodyBytes + 1))));
    expect(error).toEqual({ status: 413, code: 'payload_too_large', message: `The request body must be at most ${maxBodyBytes} bytes` });
    expect(service.startImpersonation).toHaveBeenCalledTimes(1);
  });

  it('refuses by the declared Content-Length before reading anything', async () => {
    const { handlers } = setup({ maxBodyBytes });
    const request = post('/api/admin/impersonate', validStart, { 'content-length': String(maxBodyBytes + 1) });
    const response = await handlers.impersonate(request);
    expect(response.status).toBe(413);
    expect(request.bodyUsed).toBe(false);
  });

  it('counts the bytes actually read when Content-Length understates the body', async () => {
    const { service, handlers } = setup({ maxBodyBytes });
    const response = await handlers.impersonate(post('/api/admin/impersonate', bodyOf(maxBodyBytes + 1), { 'content-length': '2' }));
    expect(response.status).toBe(413);
    expect(service.startImpersonation).not.toHaveBeenCalled();
  });

  it('stops reading a streamed upload without Content-Length as soon as it passes the cap', async () => {
    const { service, handlers } = setup({ maxBodyBytes });
    let chunksPulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        chunksPulled += 1;
        controller.enqueue(new TextEncoder().encode(' '.repeat(16)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request(`${ORIGIN}/api/admin/impersonate`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, ...JSON_TYPE },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();

    const response = await handlers.impersonate(request);

    expect(response.status).toBe(413);
    expect(chunksPulled).toBeLessThanOrEqual(maxBodyBytes / 16 + 2);
    expect(cancelled).toBe(true);
    expect(service.startImpersonation).not.toHaveBeenCalled();
  });

  it('caps bodies at 16 KiB by default', async () => {
    const { handlers } = setup();
    expect(DEFAULT_MAX_BODY_BYTES).toBe(16 * 1024);
    expect((await handlers.impersonate(post('/api/admin/impersonate', bodyOf(DEFAULT_MAX_BODY_BYTES)))).status).toBe(200);
    expect((await handlers.impersonate(post('/api/admin/impersonate', bodyOf(DEFAULT_MAX_BODY_BYTES + 1)))).status).toBe(413);
  });

  it('answers 400 for a body that is not UTF-8', async () => {
    const { handlers } = setup();
    const error = await errorOf(await handlers.impersonate(post('/api/admin/impersonate', new Uint8Array([0x7b, 0xff, 0x7d]))));
    expect(error).toEqual({ status: 400, code: 'bad_request', message: 'The request body is not valid UTF-8' });
  });
});

describe('a request that is not a fetch Request', () => {
  // What a server hands over without building a `Request`: the headers read by name, the body's bytes read whole.
  function plain(path: string, body: Uint8Array | null, headers: Record<string, string> = {}): ApiRequest {
    const all = new Map(Object.entries({ ...SAME_ORIGIN, ...JSON_TYPE, ...headers }));
    return { method: 'POST', url: `${ORIGIN}${path}`, headers: { get: (name) => all.get(name.toLowerCase()) ?? null }, body };
  }
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('is served exactly as the same call made with a Request', async () => {
    const viaRequest = setup({ getClientIp: (request) => request.headers.get('x-real-ip') });
    const viaBytes = setup({ getClientIp: (request) => request.headers.get('x-real-ip') });
    const headers = { 'x-real-ip': '203.0.113.7', 'user-agent': 'Firefox' };
    const request = plain('/api/admin/impersonate', bytes(validStart), headers);

    const expected = await viaRequest.handlers.route(post('/api/admin/impersonate', validStart, headers));
    const response = await viaBytes.handlers.route(request);

    expect(response.status).toBe(expected.status);
    expect([...response.headers]).toEqual([...expected.headers]);
    expect(await response.text()).toBe(await expected.text());
    expect(viaBytes.service.startImpersonation).toHaveBeenCalledWith(
      { request, ip: '203.0.113.7', userAgent: 'Firefox' },
      { userId: 'usr_ada', reason: 'Support ticket #4521' },
    );
  });

  it('holds bytes to the same cap: the cap itself passes, one byte more is 413 and never reaches the service', async () => {
    const { service, handlers } = setup({ maxBodyBytes: 64 });
    expect((await handlers.impersonate(plain('/api/admin/impersonate', bytes(validStart.padEnd(64, ' '))))).status).toBe(200);

    const error = await errorOf(await handlers.impersonate(plain('/api/admin/impersonate', bytes(validStart.padEnd(65, ' ')))));
    expect(error).toEqual({ status: 413, code: 'payload_too_large', message: 'The request body must be at most 64 bytes' });
    expect(service.startImpersonation).toHaveBeenCalledTimes(1);
  });

  it('answers 400 for bytes that are not UTF-8, and reads no bytes (or none at all) as an empty body', async () => {
    const { service, handlers } = setup();
    const error = await errorOf(await handlers.impersonate(plain('/api/admin/impersonate', new Uint8Array([0x7b, 0xff, 0x7d]))));
    expect(error).toEqual({ status: 400, code: 'bad_request', message: 'The request body is not valid UTF-8' });

    expect((await handlers.returnToAdmin(plain('/api/admin/return-to-admin', new Uint8Array(0)))).status).toBe(200);
    expect((await handlers.returnToAdmin(plain('/api/admin/return-to-admin', null))).status).toBe(200);
    expect(service.returnToAdmin).toHaveBeenCalledTimes(2);
  });
});

describe('answers as data', () => {
  /** What a server writing the answer itself sends: status, headers as a `Headers` would list them, the body. */
  async function sent(answer: HttpAnswer) {
    const body = typeof answer.body === 'string' ? answer.body : await new Response(answer.body).text();
    return { status: answer.status, headers: [...new Headers(answer.headers as [string, string][])], body };
  }
  async function received(response: Response) {
    return { status: response.status, headers: [...response.headers], body: await response.text() };
  }

  it.each([
    ['a start', 200, () => post('/api/admin/impersonate', validStart)],
    ['a start answered 202', 202, () => post('/api/admin/impersonate', validStart)],
    ['an invalid body', 400, () => post('/api/admin/impersonate', '{"userId":')],
    ['a wrong method on a path with one route', 405, () => get('/api/admin/impersonate')],
    ['an unknown path', 404, () => post('/api/admin/nothing-here', '{}')],
    ['a cross-site request', 403, () => post('/api/admin/return-to-admin', '{}', { 'sec-fetch-site': 'cross-site' })],
    ['a rate limit', 429, () => post('/api/admin/return-to-admin', '{}')],
    ['the ledger export', 200, () => get('/api/admin/audit/export?format=csv')],
  ])('gives exactly what route sends for %s (%i)', async (name, status, request) => {
    const run = async (via: 'route' | 'answer') => {
      const { service, handlers } = setup();
      if (name === 'a start answered 202')
        service.startImpersonation.mockResolvedValue({
          success: true,
          status: 'pending_approval',
          requestId: 'req_1',
          approvers: ['user'],
        });
      if (name === 'a rate limit')
        service.returnToAdmin.mockRejectedValue(new RefusalError('rate_limited', 'Slow down', { retryAfterSeconds: 7 }));
      return via === 'route' ? received(await handlers.route(request())) : sent(await handlers.answer(request()));
    };
    const expected = await run('route');
    expect(expected.status).toBe(status);
    expect(await run('answer')).toEqual(expected);
  });

  it('makes the same Response from an answer as route does', async () => {
    const { handlers } = setup();
    const expected = await received(await handlers.route(post('/api/admin/impersonate', validStart)));
    expect(await received(answerResponse(await handlers.answer(post('/api/admin/impersonate', validStart))))).toEqual(expected);
  });
});

describe('same-origin policy', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { origin: ORIGIN, 'sec-fetch-site': 'same-site' }],
    ['Origin: null', { origin: 'null' }],
    ['another origin', { origin: 'https://evil.example' }],
    ['the same host over http', { origin: 'http://app.example.com' }],
    ['a subdomain', { origin: 'https://admin.app.example.com' }],
  ])('refuses a POST with %s with 403 and never calls the service', async (_label, headers) => {
    const { service, handlers } = setup();
    const request = new Request(`${ORIGIN}/api/admin/return-to-admin`, {
      method: 'POST',
      headers: { ...JSON_TYPE, ...headers },
      body: '{}',
    });
    const error = await errorOf(await handlers.returnToAdmin(request));
    expect(error).toEqual({ status: 403, code: 'forbidden', message: 'Cross-site requests are not allowed' });
    expect(service.returnToAdmin).not.toHaveBeenCalled();
  });

  it('refuses a POST without Origin', async () => {
    const { service, handlers } = setup();
    const request = new Request(`${ORIGIN}/api/admin/return-to-admin`, { method: 'POST', headers: JSON_TYPE, body: '{}' });
    expect((await handlers.returnToAdmin(request)).status).toBe(403);
    expect(service.returnToAdmin).not.toHaveBeenCalled();
  });

  it('refuses a cross-site GET even without Origin', async () => {
    const { service, handlers } = setup();
    expect((await handlers.ledger(get('/api/admin/audit', { 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
    expect((await handlers.ledger(get('/api/admin/audit', { 'sec-fetch-site': 'same-site' }))).status).toBe(403);
    expect(service.listLedger).not.toHaveBeenCalled();
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none (typed into the address bar)', { 'sec-fetch-site': 'none' }],
    ['no fetch metadata (an older browser)', {}],
  ])('allows a GET without Origin and %s', async (_label, headers) => {
    const { handlers } = setup();
    expect((await handlers.ledger(get('/api/admin/audit', headers))).status).toBe(200);
  });

  it('compares against the configured origin in its canonical form', async () => {
    const { handlers } = setup({ origin: 'HTTPS://App.Example.com:443/' });
    expect((await handlers.returnToAdmin(post('/api/admin/return-to-admin', '{}'))).status).toBe(200);
  });

  it.each(['app.example.com', 'file:///srv/app', ''])('refuses to start with the origin %j', (origin) => {
    expect(() => createAdminApiHandlers({ service: stubService(), origin })).toThrow('origin must be an http(s) origin');
  });
});

describe('methods', () => {
  const endpoints = [
    ['impersonate', '/api/admin/impersonate', 'POST'],
    ['returnToAdmin', '/api/admin/return-to-admin', 'POST'],
    ['users', '/api/admin/users', 'GET'],
    ['impersonations', '/api/admin/impersonations', 'GET'],
    ['ledger', '/api/admin/audit', 'GET'],
    ['accessHistory', '/api/account/access', 'GET'],
  ] as const;

  it.each(endpoints)('%s answers other methods with 405 and Allow: its method', async (name, path, method) => {
    const { handlers } = setup();
    for (const wrong of ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'].filter((m) => m !== method)) {
      const response = await handlers[name](new Request(`${ORIGIN}${path}`, { method: wrong, headers: SAME_ORIGIN }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(method);
      expect(await errorOf(response)).toMatchObject({ code: 'method_not_allowed', message: `Use ${method}` });
    }
  });

  it('endImpersonation answers GET with 405 and Allow: POST', async () => {
    const { handlers } = setup();
    const response = await handlers.endImpersonation(get('/api/admin/impersonations/imp_1/end'), 'imp_1');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('service errors', () => {
  it.each<[ApiErrorCode, number]>([
    ['bad_request', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['rate_limited', 429],
    ['unavailable', 503],
  ])('a RefusalError %s answers %i with its message', async (code, status) => {
    const { service, handlers } = setup();
    service.startImpersonation.mockRejectedValue(new RefusalError(code, 'Shown to the admin'));
    const error = await errorOf(await handlers.impersonate(post('/api/admin/impersonate', validStart)));
    expect(error).toEqual({ status, code, message: 'Shown to the admin' });
  });

  it('sends Retry-After for a rate limit that says when to retry', async () => {
    const { service, handlers } = setup();
    service.startImpersonation.mockRejectedValue(new RefusalError('rate_limited', 'Too many attempts', { retryAfterSeconds: 30 }));
    const response = await handlers.impersonate(post('/api/admin/impersonate', validStart));
    expect(response.headers.get('retry-after')).toBe('30');
  });

  it('does not report expected failures as errors', async () => {
    const onError = jest.fn();
    const { service, handlers } = setup({ onError });
    service.returnToAdmin.mockRejectedValue(new RefusalError('forbidden', 'Not impersonating'));
    await handlers.returnToAdmin(post('/api/admin/return-to-admin', '{}'));
    expect(onError).not.toHaveBeenCalled();
  });

  it('answers an unexpected error with a generic 500, reporting it but never sending its message or stack', async () => {
    const onError = jest.fn();
    const { service, handlers } = setup({ onError });
    const bug = new TypeError("Cannot read properties of undefined (reading 'password_hash')");
    service.listUsers.mockRejectedValue(bug);
    const request = get('/api/admin/users');

    const response = await handlers.users(request);
    const text = await response.text();

    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ success: false, error: { code: 'internal', message: 'Something went wrong' } });
    expect(text).not.toMatch(/password_hash|TypeError|at .*\.ts/);
    expect(onError).toHaveBeenCalledWith(bug, request);
  });

  it('answers 503 when the database cannot be reached', async () => {
    const { service, handlers } = setup();
    service.listLedger.mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const error = await errorOf(await handlers.ledger(get('/api/admin/audit')));
    expect(error).toEqual({
      status: 503,
      code: 'unavailable',
      message: 'The service is temporarily unavailable, please try again shortly',
    });
  });

  it('lets the host decide which errors mean unavailable', async () => {
    const { service, handlers } = setup({ classifyError: (error) => (error instanceof RangeError ? 'unavailable' : 'internal') });
    service.listLedger.mockRejectedValueOnce(new RangeError('pool exhausted')).mockRejectedValueOnce(new Error('bug'));
    expect((await handlers.ledger(get('/api/admin/audit'))).status).toBe(503);
    expect((await handlers.ledger(get('/api/admin/audit'))).status).toBe(500);
  });

  it('still answers 500 when the error reporter itself throws', async () => {
    const { service, handlers } = setup({
      onError: () => {
        throw new Error('logger down');
      },
    });
    service.listUsers.mockRejectedValue(new Error('bug'));
    expect((await handlers.users(get('/api/admin/users'))).status).toBe(500);
  });

  it('answers 500 when the service answer breaks the contract, and reports why', async () => {
    const onError = jest.fn();
    const { service, handlers } = setup({ onError });
    service.returnToAdmin.mockResolvedValue({ success: true, adminUser: { id: 'usr_admin' } } as never);

    const response = await handlers.returnToAdmin(post('/api/admin/return-to-admin', '{}'));

    expect(response.status).toBe(500);
    const reported = onError.mock.calls[0]?.[0] as Error;
    expect(reported.message).toBe('The service answer does not match the contract');
    expect(reported.cause).toEqual(expect.objectContaining({ issues: [expect.objectContaining({ path: ['adminUser', 'email'] })] }));
  });

  it('sends only the fields in the contract, whatever else the service returns', async () => {
    const { service, handlers } = setup();
    service.returnToAdmin.mockResolvedValue({
      ...returnToAdminResponseFixture,
      adminUser: { ...returnToAdminResponseFixture.adminUser, passwordHash: '$argon2id$...' },
      sessionToken: 'secret',
    } as never);
    const response = await handlers.returnToAdmin(post('/api/admin/return-to-admin', '{}'));
    expect(await response.json()).toEqual(returnToAdminResponseFixture);
  });
});

describe('headers', () => {
  const answers: [string, (h: ReturnType<typeof setup>['handlers']) => Promise<Response>][] = [
    ['200', (h) => h.users(get('/api/admin/users'))],
    ['400', (h) => h.users(get('/api/admin/users?limit=0'))],
    ['403', (h) => h.users(get('/api/admin/users', { 'sec-fetch-site': 'cross-site' }))],
    ['404', (h) => h.route(get('/api/admin/nope'))],
    ['405', (h) => h.users(post('/api/admin/users', '{}'))],
    ['413', (h) => h.impersonate(post('/api/admin/impersonate', ' '.repeat(DEFAULT_MAX_BODY_BYTES + 1)))],
    ['415', (h) => h.impersonate(post('/api/admin/impersonate', validStart, { 'content-type': 'text/plain' }))],
    ['500', (h) => h.ledger(get('/api/admin/audit'))],
  ];

  it.each(answers)('a %s answer is JSON and never cached', async (status, call) => {
    const { service, handlers } = setup();
    service.listLedger.mockRejectedValue(new Error('bug'));
    const response = await call(handlers);
    expect(String(response.status)).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('GET endpoints', () => {
  it('lists users with the query validated and the limit coerced', async () => {
    const { service, handlers } = setup();
    const response = await handlers.users(get('/api/admin/users?query=%20ada%20&cursor=c1&limit=10&query=ignored&extra=1'));
    expect(await response.json()).toEqual(usersPageFixture);
    expect(service.listUsers).toHaveBeenCalledWith(expect.anything(), { query: 'ada', cursor: 'c1', limit: 10 });
  });

  it('treats empty query values as absent, as the contract writes them (?query=&cursor=)', async () => {
    const { service, handlers } = setup();
    expect((await handlers.users(get('/api/admin/users?query=&cursor=&limit='))).status).toBe(200);
    expect(service.listUsers).toHaveBeenCalledWith(expect.anything(), {});
  });

  it.each(['0', String(USERS_PAGE_MAX_LIMIT + 1), 'all'])('answers 400 for limit=%s', async (limit) => {
    const { service, handlers } = setup();
    const error = await errorOf(await handlers.users(get(`/api/admin/users?limit=${limit}`)));
    expect(error).toMatchObject({ status: 400, message: 'Invalid request query: limit' });
    expect(service.listUsers).not.toHaveBeenCalled();
  });

  it('answers 400 for a cursor too long to be one of ours', async () => {
    const { handlers } = setup();
    const error = await errorOf(await handlers.ledger(get(`/api/admin/audit?cursor=${'c'.repeat(513)}`)));
    expect(error).toMatchObject({ status: 400, message: 'Invalid request query: cursor' });
  });

  it('lists active impersonations when asked with active=true', async () => {
    const { service, handlers } = setup();
    await handlers.impersonations(get('/api/admin/impersonations?active=true'));
    await handlers.impersonations(get('/api/admin/impersonations'));
    expect(service.listImpersonations.mock.calls.map(([, query]) => query)).toEqual([{ active: true }, {}]);
  });

  it('answers 400 for active=yes rather than guessing', async () => {
    const { handlers } = setup();
    expect((await handlers.impersonations(get('/api/admin/impersonations?active=yes'))).status).toBe(400);
  });

  it('filters the ledger by admin and target ids', async () => {
    const { service, handlers } = setup();
    const response = await handlers.ledger(get('/api/admin/audit?admin=usr_admin&target=usr_ada'));
    expect(await response.json()).toEqual(ledgerPageFixture);
    expect(service.listLedger).toHaveBeenCalledWith(expect.anything(), { admin: 'usr_admin', target: 'usr_ada' });
  });

  it('lists the caller’s own access history', async () => {
    const { service, handlers } = setup();
    const response = await handlers.accessHistory(get('/api/account/access?cursor=c2'));
    expect(await response.json()).toEqual(accessHistoryPageFixture);
    expect(service.listAccessHistory).toHaveBeenCalledWith(expect.anything(), { cursor: 'c2' });
  });
});

describe('payload-less POSTs', () => {
  it.each([
    ['an empty body', ''],
    ['an empty object', '{}'],
  ])('return-to-admin accepts %s', async (_label, body) => {
    const { service, handlers } = setup();
    const response = await handlers.returnToAdmin(post('/api/admin/return-to-admin', body));
    expect(await response.json()).toEqual(returnToAdminResponseFixture);
    expect(service.returnToAdmin).toHaveBeenCalledWith(expect.objectContaining({ request: expect.any(Request) }));
  });

  it('return-to-admin ignores an adminUserId in the body: the service decides from the session', async () => {
    const { service, handlers } = setup();
    await handlers.returnToAdmin(post('/api/admin/return-to-admin', JSON.stringify({ adminUserId: 'usr_other' })));
    expect(service.returnToAdmin).toHaveBeenCalledWith(expect.objectContaining({ ip: null }));
    expect(service.returnToAdmin.mock.calls[0]).toHaveLength(1);
  });

  it('still requires the JSON content type, even without a body', async () => {
    const { handlers } = setup();
    expect((await handlers.returnToAdmin(post('/api/admin/return-to-admin', '', { 'content-type': 'text/plain' }))).status).toBe(415);
  });

  it('ends the impersonation named in the path', async () => {
    const { service, handlers } = setup();
    const response = await handlers.endImpersonation(post('/api/admin/impersonations/imp_1/end'), 'imp_1');
    expect(await response.json()).toEqual(endImpersonationResponseFixture);
    expect(service.endImpersonation).toHaveBeenCalledWith(expect.anything(), 'imp_1');
  });

  it('answers 400 for an id that is not an id, without calling the service', async () => {
    const { service, handlers } = setup();
    const error = await errorOf(await handlers.endImpersonation(post('/api/admin/impersonations/x/end'), '../../users'));
    expect(error).toMatchObject({ status: 400, message: 'Invalid request path: id', issues: [expect.objectContaining({ path: 'id' })] });
    expect(service.endImpersonation).not.toHaveBeenCalled();
  });
});

describe('route', () => {
  it.each([
    ['POST', '/api/admin/impersonate', 'startImpersonation'],
    ['POST', '/api/admin/return-to-admin', 'returnToAdmin'],
    ['GET', '/api/admin/users', 'listUsers'],
    ['GET', '/api/admin/impersonations/', 'listImpersonations'],
    ['POST', '/api/admin/impersonations/imp_1/end', 'endImpersonation'],
    ['GET', '/api/admin/audit', 'listLedger'],
    ['GET', '/api/account/access', 'listAccessHistory'],
  ] as const)('sends %s %s to %s', async (method, path, serviceMethod) => {
    const { service, handlers } = setup();
    const request = method === 'POST' ? post(path, validStart) : get(path);
    expect((await handlers.route(request)).status).toBe(200);
    expect(service[serviceMethod]).toHaveBeenCalledTimes(1);
  });

  it.each(['/api/admin', '/api/admin/impersonations//end', '/api/admin/impersonations/a/b/end', '/api/admin/userz', '/elsewhere'])(
    'answers %s with a JSON 404',
    async (path) => {
      const { handlers } = setup();
      expect(await errorOf(await handlers.route(post(path, '{}')))).toEqual({
        status: 404,
        code: 'not_found',
        message: 'No such endpoint',
      });
    },
  );

  it('refuses an encoded id instead of decoding it into something else', async () => {
    const { service, handlers } = setup();
    expect((await handlers.route(post('/api/admin/impersonations/imp%2F1/end'))).status).toBe(400);
    expect(service.endImpersonation).not.toHaveBeenCalled();
  });

  it('serves other mount points', async () => {
    const { service, handlers } = setup({ basePath: '/internal/admin', accountBasePath: '/me' });
    expect((await handlers.route(get('/internal/admin/users'))).status).toBe(200);
    expect((await handlers.route(get('/me/access'))).status).toBe(200);
    expect((await handlers.route(get('/api/admin/users'))).status).toBe(404);
    expect(service.listUsers).toHaveBeenCalledTimes(1);
  });
});

describe('the ledger: verify, export, deliveries', () => {
  it('answers the verdict of the chain', async () => {
    const { handlers, service } = setup();
    service.verifyLedger.mockResolvedValueOnce({ success: true, ok: false, count: 4, head: 'b'.repeat(64), firstBadId: 3 });
    const response = await handlers.route(get('/api/admin/audit/verify'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, ok: false, count: 4, head: 'b'.repeat(64), firstBadId: 3 });
  });

  it('streams the export as a download with the filters validated and passed on', async () => {
    const { handlers, service } = setup();
    const response = await handlers.route(
      get('/api/admin/audit/export?format=csv&admin=usr_admin&target=usr_ada&from=2030-01-01T00:00:00.000Z&to=2030-01-02T00:00:00Z'),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="viewas-ledger-2030-01-01.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('"id"\r\n"1"\r\n');
    expect(service.exportLedger).toHaveBeenCalledWith(expect.anything(), {
      format: 'csv',
      admin: 'usr_admin',
      target: 'usr_ada',
      from: '2030-01-01T00:00:00.000Z',
      to: '2030-01-02T00:00:00Z',
    });
  });

  it.each([
    ['no format', ''],
    ['an unknown format', 'format=xlsx'],
    ['a from that is not a time', 'format=csv&from=yesterday'],
    ['a from after the to', 'format=ndjson&from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z'],
    ['an admin that is not an id', 'format=csv&admin=%27%20or%201%3D1'],
  ])('answers 400 to an export with %s, never calling the service', async (_name, query) => {
    const { handlers, service } = setup();
    const response = await handlers.route(get(`/api/admin/audit/export?${query}`));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'bad_request' } });
    expect(service.exportLedger).not.toHaveBeenCalled();
  });

  it('refuses a cross-site export and a POST to it', async () => {
    const { handlers, service } = setup();
    expect((await handlers.route(get('/api/admin/audit/export?format=csv', { 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
    const posted = await handlers.route(post('/api/admin/audit/export?format=csv', '{}'));
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
    expect(service.exportLedger).not.toHaveBeenCalled();
  });

  it('answers a refused export in the error envelope', async () => {
    const { handlers, service } = setup();
    service.exportLedger.mockRejectedValueOnce(new RefusalError('forbidden', 'Staff only'));
    const response = await handlers.route(get('/api/admin/audit/export?format=ndjson'));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false, error: { code: 'forbidden', message: 'Staff only' } });
  });

  it('answers the delivery health of the webhook and of each shared-signals receiver', async () => {
    const { handlers } = setup();
    expect(await (await handlers.route(get('/api/admin/audit/deliveries'))).json()).toMatchObject({
      enabled: true,
      pending: 2,
      failing: 1,
      signals: [{ receiver: 'siem', url: 'https://siem.example.com/ssf', failed: 1, lastError: { eventId: 7, message: 'HTTP 400' } }],
    });
  });
});
