import { connect } from 'node:net';
import { DEMO_PASSWORD, type ProductionServer } from './production-server';
import { TestBrowser } from './test-browser';

/** Sends `head` (the request line and header lines, without the blank line) and then `body`, and resolves with every byte the server sent until it closed. */
function exchange(port: number, head: string, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers, connection: 'close' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`${head}\r\n${lines}\r\n${body}`, 'latin1');
  });
}

/**
 * One HTTP/1.1 exchange on its own connection, as bytes: the status line, every header line in order, the body.
 * Byte-for-byte comparisons need the answer as the socket carried it, which no HTTP client keeps.
 */
export function rawExchange(port: number, method: string, path: string, headers: Record<string, string> = {}, body = ''): Promise<string> {
  // A GET goes without a length, as browsers send it.
  const length: Record<string, string> = method === 'GET' ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return exchange(port, `${method} ${path} HTTP/1.1`, { ...headers, ...length }, Buffer.from(body).toString('latin1'));
}

/** One POST whose body goes chunked (no Content-Length), in chunks of at most 4 KiB, as a streaming client sends it. */
export function chunkedExchange(port: number, path: string, headers: Record<string, string>, body: string): Promise<string> {
  const bytes = Buffer.from(body);
  const chunks: string[] = [];
  for (let at = 0; at < bytes.length; at += 4096) {
    const chunk = bytes.subarray(at, at + 4096);
    chunks.push(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`);
  }
  return exchange(port, `POST ${path} HTTP/1.1`, { ...headers, 'transfer-encoding': 'chunked' }, `${chunks.join('')}0\r\n\r\n`);
}

/** A browser signed in with a demo account's password on `server`. */
export async function signedInDemo(server: ProductionServer, email: string): Promise<TestBrowser> {
  const browser = new TestBrowser(server.url, server.url);
  const result = await browser.signIn('credentials', { email, password: DEMO_PASSWORD });
  if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.error}`);
  return browser;
}
