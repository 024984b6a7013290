import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpAnswer } from '@viewas/admin-api/server';
import { answerSessionRead } from './session-read-answer.mjs';

const silentLog = () => {
  const errors: unknown[] = [];
  return { errors, error: (fields: { err?: unknown }) => errors.push(fields.err), debug: () => undefined };
};

/** A server answering every request with `answerSessionRead(readSession)`, keeping the promise each call returned. */
async function serve(readSession: () => Promise<HttpAnswer<string>>) {
  const log = silentLog();
  const calls: Promise<void>[] = [];
  const server: Server = createServer((request, response) => {
    calls.push(answerSessionRead(readSession, request, response, log));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = () =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/auth/session' }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  return { get, calls, log, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('answerSessionRead', () => {
  it('sends the read as it is, headers and body', async () => {
    const server = await serve(async () => ({ status: 200, headers: [['content-type', 'application/json']], body: '{}' }));
    expect(await server.get()).toMatchObject({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' });
    await server.close();
  });

  it('answers 500 without the half-written headers, and settles, when writing the answer throws', async () => {
    // A header value Node refuses to write: setHeader throws inside the answer writer.
    const server = await serve(async () => ({
      status: 200,
      headers: [
        ['content-type', 'application/json'],
        ['x-broken', 'a\nb'],
      ],
      body: '{}',
    }));
    const answer = await server.get();
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toBeUndefined();
    // The call resolved: nothing was left to become an unhandled rejection.
    await expect(Promise.all(server.calls)).resolves.toEqual([undefined]);
    expect(server.log.errors).toHaveLength(1);
    await server.close();
  });

  it('answers 500 and settles when the read itself fails', async () => {
    const server = await serve(() => Promise.reject(new Error('database gone')));
    expect((await server.get()).status).toBe(500);
    await expect(Promise.all(server.calls)).resolves.toEqual([undefined]);
    await server.close();
  });
});
