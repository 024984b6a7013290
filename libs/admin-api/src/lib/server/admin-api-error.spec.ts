import { AdminApiError } from './admin-api-error';

describe('AdminApiError', () => {
  it('derives its HTTP status from its code', () => {
    expect(new AdminApiError('conflict', 'Already impersonating').status).toBe(409);
    expect(new AdminApiError('rate_limited', 'Slow down', { retryAfterSeconds: 30 })).toMatchObject({ status: 429, retryAfterSeconds: 30 });
  });

  it('is an Error that keeps its cause for the logs', () => {
    const cause = new Error('unique violation');
    const error = new AdminApiError('conflict', 'Already impersonating', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'AdminApiError', code: 'conflict', message: 'Already impersonating', cause });
  });
});
