import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';

export interface ReceivedSet {
  /** The compact JWS as POSTed. */
  token: string;
  jti: string;
  contentType: string | undefined;
  authorization: string | undefined;
  at: number;
}

/** What the receiver answers: a status (202 by default) with an optional JSON body, after `hangMs`. */
export type SetAnswer = { status: number; body?: Record<string, string>; hangMs?: number };

/**
 * An RFC 8935 push endpoint on a loopback port, as a SIEM would run one: it records every SET POSTed to
 * it (the token, its `jti`, the headers) and answers 202 unless told otherwise. Verifying a token is the
 * test's business (with the transmitter's published keys).
 */
export async function startSetReceiver(answer: (received: ReceivedSet) => SetAnswer = () => ({ status: 202 })): Promise<{
  url: string;
  received: ReceivedSet[];
  /** `jti`s answered 2xx, each counted as often as it was. */
  accepted: Map<string, number>;
  close(): Promise<void>;
}> {
  const received: ReceivedSet[] = [];
  const accepted = new Map<string, number>();
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const token = Buffer.concat(chunks).toString('utf8');
      let jti = '';
      try {
        jti = String(decodeJwt(token).jti);
      } catch {
        // Recorded as received; the test says what it expected.
      }
      const set: ReceivedSet = {
        token,
        jti,
        contentType: request.headers['content-type'],
        authorization: request.headers.authorization,
        at: Date.now(),
      };
      received.push(set);
      const reply = answer(set);
      const send = () => {
        if (response.destroyed) return;
        if (reply.status >= 200 && reply.status < 300) accepted.set(jti, (accepted.get(jti) ?? 0) + 1);
        if (reply.body) response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
        else response.writeHead(reply.status).end();
      };
      if (reply.hangMs) setTimeout(send, reply.hangMs);
      else send();
    });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ssf/push`,
    received,
    accepted,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
