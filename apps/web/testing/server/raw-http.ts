import { connect } from 'node:net';
import { DEMO_PASSWORD, type ProductionServer } from './production-server';
import { TestBrowser } from './test-browser';

/**
 * One HTTP/1.1 exchange on its own connection, as bytes: the status line, every header line in order, the body.
 * Byte-for-byte comparisons need the answer as the socket carried it, which no HTTP client keeps.
 */
export function rawExchange(port: number, method: string, path: string, headers: Record<string, string> = {}, body = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    const lines = Object.entries({
      host: `127.0.0.1:${port}`,
      ...headers,
      // A GET goes without a length, as browsers send it.
      ...(method === 'GET' ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`${method} ${path} HTTP/1.1\r\n${lines}\r\n${body}`);
  });
}

/** A browser signed in with a demo account's password on `server`. */
export async function signedInDemo(server: ProductionServer, email: string): Promise<TestBrowser> {
  const browser = new TestBrowser(server.url, server.url);
  const result = await browser.signIn('credentials', { email, password: DEMO_PASSWORD });
  if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.error}`);
  return browser;
}
