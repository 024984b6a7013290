import { AccountSettingFieldSchema, AccountSettingsSchema } from './account-settings';
import { API_ERROR_STATUS, ApiErrorEnvelopeSchema } from './errors';
import { LedgerEventSchema } from './ledger';
import { ImpersonateResponseSchema, REASON_MAX_LENGTH, REASON_MIN_LENGTH } from './impersonate';
import { ImpersonationRecordSchema } from './impersonations';
import { IdSchema, ImpersonateRequestSchema, ImpersonationsQuerySchema, LedgerQuerySchema, UsersQuerySchema } from './requests';
import { USERS_PAGE_MAX_LIMIT, USERS_QUERY_MAX_LENGTH } from './users';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('ImpersonateRequestSchema', () => {
  it('trims the reason before checking its length', () => {
    const result = ImpersonateRequestSchema.safeParse({ userId: 'u_1', reason: `  ${'a'.repeat(REASON_MIN_LENGTH)}  ` });
    expect(result).toEqual({ success: true, data: { userId: 'u_1', reason: 'a'.repeat(REASON_MIN_LENGTH) } });
  });

  it('refuses a reason that is too short once trimmed', () => {
    const result = ImpersonateRequestSchema.safeParse({ userId: 'u_1', reason: ` ${'a'.repeat(REASON_MIN_LENGTH - 1)}    ` });
    expect(paths(result)).toEqual(['reason']);
  });

  it('accepts a reason of exactly the maximum length and refuses one character more', () => {
    expect(ImpersonateRequestSchema.safeParse({ userId: 'u_1', reason: 'a'.repeat(REASON_MAX_LENGTH) }).success).toBe(true);
    expect(paths(ImpersonateRequestSchema.safeParse({ userId: 'u_1', reason: 'a'.repeat(REASON_MAX_LENGTH + 1) }))).toEqual(['reason']);
  });

  it('refuses a missing user id and a missing reason with both paths', () => {
    expect(paths(ImpersonateRequestSchema.safeParse({}))).toEqual(['userId', 'reason']);
  });
});

describe('IdSchema', () => {
  it.each([
    ['a prefixed id', 'u_1'],
    ['a UUID', 'a3f1c2d4-0b1e-4c55-9a0e-8f3f2b9c1d7e'],
    ['128 characters', 'x'.repeat(128)],
  ])('accepts %s', (_label, id) => {
    expect(IdSchema.safeParse(id).success).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['a path traversal', '../admin'],
    ['a space', 'a b'],
    ['129 characters', 'x'.repeat(129)],
    ['a percent-encoded slash', 'id%2F'],
  ])('refuses %s', (_label, id) => {
    expect(IdSchema.safeParse(id).success).toBe(false);
  });
});

describe('UsersQuerySchema', () => {
  it('coerces the limit from its query-string form', () => {
    expect(UsersQuerySchema.parse({ limit: '25', query: ' ada ' })).toEqual({ limit: 25, query: 'ada' });
  });

  it.each(['0', String(USERS_PAGE_MAX_LIMIT + 1), '2.5', 'ten', ''])('refuses the limit %j', (limit) => {
    expect(paths(UsersQuerySchema.safeParse({ limit }))).toEqual(['limit']);
  });

  it('accepts the limit range boundaries', () => {
    expect(UsersQuerySchema.parse({ limit: '1' })).toEqual({ limit: 1 });
    expect(UsersQuerySchema.parse({ limit: String(USERS_PAGE_MAX_LIMIT) })).toEqual({ limit: USERS_PAGE_MAX_LIMIT });
  });

  it('refuses a search text longer than the maximum and a cursor longer than 512 characters', () => {
    expect(paths(UsersQuerySchema.safeParse({ query: 'q'.repeat(USERS_QUERY_MAX_LENGTH + 1), cursor: 'c'.repeat(513) }))).toEqual([
      'query',
      'cursor',
    ]);
  });
});

describe('ImpersonationsQuerySchema', () => {
  it('reads only "true" and "false" as booleans', () => {
    expect(ImpersonationsQuerySchema.parse({ active: 'true' })).toEqual({ active: true });
    expect(ImpersonationsQuerySchema.parse({ active: 'false' })).toEqual({ active: false });
    expect(ImpersonationsQuerySchema.parse({})).toEqual({});
    expect(paths(ImpersonationsQuerySchema.safeParse({ active: '1' }))).toEqual(['active']);
  });
});

describe('LedgerQuerySchema', () => {
  it('refuses admin and target filters that are not ids', () => {
    expect(paths(LedgerQuerySchema.safeParse({ admin: 'a b', target: "1' OR 1=1" }))).toEqual(['admin', 'target']);
  });
});

describe('answer schemas', () => {
  const person = { id: 'u_1', email: 'ada@example.com' };

  it('requires ISO timestamps, so a Date-string from toString() is a contract break', () => {
    const answer = {
      success: true,
      impersonationId: 'imp_1',
      targetUser: person,
      expiresAt: '2030-01-01T10:00:00.000Z',
      mode: 'read_only',
    };
    expect(ImpersonateResponseSchema.safeParse(answer).success).toBe(true);
    expect(paths(ImpersonateResponseSchema.safeParse({ ...answer, expiresAt: new Date(0).toString() }))).toEqual(['expiresAt']);
  });

  it('strips fields outside the contract, so a leaked column never reaches the wire', () => {
    const record = {
      id: 'imp_1',
      admin: { ...person, passwordHash: 'secret' },
      target: person,
      reason: 'Support ticket 42',
      mode: 'read_only',
      createdAt: '2030-01-01T10:00:00.000Z',
      startedAt: null,
      expiresAt: '2030-01-01T11:00:00.000Z',
      endedAt: null,
      endReason: null,
      endedBy: null,
      status: 'pending',
    };
    expect(ImpersonationRecordSchema.parse(record).admin).toEqual(person);
  });

  it('keeps audit event types open so a newer server does not break an older client', () => {
    const event = {
      id: 'ev_1',
      at: '2030-01-01T10:00:00.000Z',
      type: 'impersonation.reason_edited',
      actor: person,
      target: null,
      impersonationId: null,
      reason: null,
      ip: null,
      userAgent: null,
      detail: { note: 1 },
    };
    expect(LedgerEventSchema.safeParse(event).success).toBe(true);
  });

  it('names a changed setting by exactly the keys of the settings answer', () => {
    expect(AccountSettingFieldSchema.options).toEqual(Object.keys(AccountSettingsSchema.shape));
    expect(AccountSettingFieldSchema.options).toEqual(['displayName', 'supportAccess', 'emailNotifications']);
    expect(paths(AccountSettingFieldSchema.safeParse('password'))).toEqual(['']);
  });
});

describe('API_ERROR_STATUS', () => {
  it('maps every error code to the status the API contract gives it', () => {
    expect(API_ERROR_STATUS).toEqual({
      bad_request: 400,
      unauthenticated: 401,
      reauth_required: 401,
      invalid_password: 401,
      forbidden: 403,
      consent_refused: 403,
      read_only: 403,
      account_holder_only: 403,
      not_found: 404,
      method_not_allowed: 405,
      conflict: 409,
      payload_too_large: 413,
      unsupported_media_type: 415,
      rate_limited: 429,
      internal: 500,
      unavailable: 503,
    });
  });

  it('is the list of codes the error envelope accepts', () => {
    expect(ApiErrorEnvelopeSchema.safeParse({ success: false, error: { code: 'teapot', message: 'x' } }).success).toBe(false);
    expect(ApiErrorEnvelopeSchema.safeParse({ success: false, error: { code: 'conflict', message: 'x' } }).success).toBe(true);
  });
});
