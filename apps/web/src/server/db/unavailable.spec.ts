import { isDatabaseUnavailable } from './unavailable';

const withCode = (code: string) => Object.assign(new Error('failed'), { code });

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '08006', '08001', '57P01', '57P03', '53300', '57014'])(
    'recognises %s',
    (code) => {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    },
  );

  it.each(['timeout exceeded when trying to connect', 'Connection terminated unexpectedly', 'Query read timeout'])(
    'recognises the driver message "%s"',
    (message) => {
      expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    },
  );

  it('looks through the cause chain of a wrapped query error and into aggregated errors', () => {
    const wrapped = new Error('Failed query: select 1', { cause: new AggregateError([withCode('ECONNREFUSED')], 'connect failed') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("recognises errors from another realm, which are not instances of this realm's Error", () => {
    expect(isDatabaseUnavailable({ message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' })).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a non-error', 'ECONNREFUSED'],
  ])('does not take %s for an outage', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops following a cause chain that loops', () => {
    const looping: { message: string; cause?: unknown } = { message: 'loop' };
    looping.cause = looping;
    expect(isDatabaseUnavailable(looping)).toBe(false);
  });
});
