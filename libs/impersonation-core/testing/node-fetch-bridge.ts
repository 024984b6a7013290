// The test hosts serve Fetch handlers (Auth.js, Better Auth, the core's admin API) from Node's own
// HTTP server, as a host without a framework would: one translation each way, shared by every host.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A Node request as a Fetch `Request` on `origin`, its body read whole. */
export async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) if (typeof value === 'string') headers.set(name, value);
  const hasBody = message.method !== 'GET' && message.method !== 'HEAD';
  return new Request(origin + (message.url ?? '/'), { method: message.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
}

/** Writes a Fetch `Response` to a Node response, each Set-Cookie as a header of its own. */
export async function send(response: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  response.writeHead(answer.status, headers);
  response.end(Buffer.from(await answer.arrayBuffer()));
}
