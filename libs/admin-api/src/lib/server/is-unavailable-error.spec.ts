import { isUnavailableError } from './is-unavailable-error';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isUnavailableError', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a DNS failure', withCode('ENOTFOUND')],
    ['a PostgreSQL connection exception (class 08)', withCode('08006')],
    ['a server shutting down', withCode('57P01')],
    ['too many connections', withCode('53300')],
    ['a pool timeout without a code', new Error('timeout exceeded when trying to connect')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['an ORM error wrapping a socket error', new Error('Failed query: select 1', { cause: withCode('ECONNRESET') })],
    ['an AggregateError of connection attempts', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('recognises %s', (_label, error) => {
    expect(isUnavailableError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a programming error', new TypeError('x is undefined')],
    ['a thrown string', 'ECONNREFUSED'],
    ['null', null],
  ])('does not mistake %s for an outage', (_label, error) => {
    expect(isUnavailableError(error)).toBe(false);
  });

  it('stops following a cause chain that loops', () => {
    const error: Error & { cause?: unknown } = new Error('loop');
    error.cause = error;
    expect(isUnavailableError(error)).toBe(false);
  });
});
