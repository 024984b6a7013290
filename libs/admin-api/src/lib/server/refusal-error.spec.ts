import { RefusalError } from '../contracts/refusal-error';
import { refusalAnswer } from './json-response';

describe('RefusalError', () => {
  it('answers with the HTTP status of its code', () => {
    expect(refusalAnswer(new RefusalError('conflict', 'Already impersonating')).status).toBe(409);
    const slowDown = new RefusalError('rate_limited', 'Slow down', { retryAfterSeconds: 30 });
    expect({ status: refusalAnswer(slowDown).status, retryAfterSeconds: slowDown.retryAfterSeconds }).toMatchObject({
      status: 429,
      retryAfterSeconds: 30,
    });
    expect(refusalAnswer(slowDown).headers).toContainEqual(['Retry-After', '30']);
    expect(JSON.parse(refusalAnswer(slowDown).body as string)).toEqual({
      success: false,
      error: { code: 'rate_limited', message: 'Slow down' },
    });
  });

  it('is an Error that keeps its cause for the logs', () => {
    const cause = new Error('unique violation');
    const error = new RefusalError('conflict', 'Already impersonating', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'RefusalError', code: 'conflict', message: 'Already impersonating', cause });
  });
});
