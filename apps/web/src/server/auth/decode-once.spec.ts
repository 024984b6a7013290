import { createJwtCodec, type JwtCodec } from '@viewas/impersonation-core/next-auth';
import { createRequestScope } from '../logging/request-scope';
import { decodeOncePerRequest } from './decode-once';

const claims = { sub: 'user-1', role: 'user', authTime: Math.floor(Date.now() / 1000) } as Parameters<JwtCodec['encode']>[0];

function countingCodec() {
  const codec = createJwtCodec({ secret: 'a-secret-of-at-least-thirty-two-characters', sessionMaxAgeSeconds: 3600, now: () => new Date() });
  const counted = { decodes: 0, codec: { encode: codec.encode, decode: (token: string) => ((counted.decodes += 1), codec.decode(token)) } };
  return counted;
}

describe('decodeOncePerRequest', () => {
  it('decrypts a given token once within one request, and gives every reader its payload', async () => {
    const scope = createRequestScope();
    const inner = countingCodec();
    const codec = decodeOncePerRequest(inner.codec, scope);
    const token = await codec.encode(claims);
    const [first, second] = await scope.run('request-1', async () => [await codec.decode(token), await codec.decode(token)]);
    expect(inner.decodes).toBe(1);
    expect(first).toMatchObject({ sub: 'user-1' });
    expect(second).toEqual(first);
  });

  it('decrypts again in the next request: nothing is kept beyond one', async () => {
    const scope = createRequestScope();
    const inner = countingCodec();
    const codec = decodeOncePerRequest(inner.codec, scope);
    const token = await codec.encode(claims);
    await scope.run('request-1', () => codec.decode(token));
    await scope.run('request-2', () => codec.decode(token));
    expect(inner.decodes).toBe(2);
  });

  it('decrypts each different token, and a forged one still reads as nothing', async () => {
    const scope = createRequestScope();
    const inner = countingCodec();
    const codec = decodeOncePerRequest(inner.codec, scope);
    const token = await codec.encode(claims);
    const forged = `${token.slice(0, -4)}AAAA`;
    const results = await scope.run('request-1', async () => [
      await codec.decode(token),
      await codec.decode(forged),
      await codec.decode(forged),
    ]);
    expect(results[0]).toMatchObject({ sub: 'user-1' });
    expect(results[1]).toBeNull();
    expect(results[2]).toBeNull();
    expect(inner.decodes).toBe(2);
  });

  it('decrypts every time outside a request', async () => {
    const inner = countingCodec();
    const codec = decodeOncePerRequest(inner.codec, createRequestScope());
    const token = await codec.encode(claims);
    await codec.decode(token);
    await codec.decode(token);
    expect(inner.decodes).toBe(2);
  });
});
