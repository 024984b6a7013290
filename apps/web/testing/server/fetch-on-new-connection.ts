import { request as httpRequest } from 'node:http';

// Answers that carry no body, whatever the server sends (the Fetch standard's null body statuses).
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function bodyText(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('fetchOnNewConnection sends string and URLSearchParams bodies only');
}

/**
 * `fetch` over a new TCP connection for every request, closed after the answer (`node:http` without an
 * agent, `Connection: close`), whatever the server answers. Node's own fetch (undici) pools connections
 * and reuses one when it can, so whether a request goes out on a fresh connection depends on the
 * server's answer to the previous one; a test that must not race a proxy closing idle connections
 * (an nginx reload) sends every request on a connection of its own instead.
 * http: URLs only (test servers and nginx); redirects are never followed, as with `redirect: 'manual'`.
 */
export async function fetchOnNewConnection(input: URL | string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input);
  if (url.protocol !== 'http:') throw new TypeError(`fetchOnNewConnection speaks http: only, not ${url.protocol}`);
  const body = bodyText(init.body);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  headers['connection'] = 'close';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));

  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: init.method ?? 'GET', headers, agent: false, ...(init.signal ? { signal: init.signal } : {}) },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const status = answer.statusCode ?? 0;
          const answerHeaders = new Headers();
          for (let index = 0; index + 1 < answer.rawHeaders.length; index += 2)
            answerHeaders.append(answer.rawHeaders[index] ?? '', answer.rawHeaders[index + 1] ?? '');
          resolve(
            new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), {
              status,
              statusText: answer.statusMessage ?? '',
              headers: answerHeaders,
            }),
          );
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
