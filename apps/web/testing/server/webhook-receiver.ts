import { EVENT_ID_HEADER, SIGNATURE_HEADER, verifyWebhookSignature } from '@viewas/impersonation-core';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  /** `Viewas-Event-Id`. */
  eventId: number;
  body: Record<string, unknown>;
  signatureValid: boolean;
  at: number;
}

/** What the receiver answers: a status, or `'hang'` (no answer until `hangMs` passed). */
export type ReceiverAnswer = number | { hangMs: number; status: number };

/**
 * A SIEM's webhook endpoint on a loopback port, as a receiver writes it: it checks the signature the
 * way docs/ledger.md shows, and records every request. It can be taken down and brought back up on
 * the same port.
 */
export async function startWebhookReceiver(
  secret: string,
  answer: (event: ReceivedEvent) => ReceiverAnswer = () => 204,
): Promise<{
  url: string;
  received: ReceivedEvent[];
  /** Ids received with a valid signature and answered 2xx. */
  accepted: Set<number>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}> {
  const received: ReceivedEvent[] = [];
  const accepted = new Set<number>();
  const hanging = new Set<ServerResponse>();
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const event: ReceivedEvent = {
        eventId: Number(request.headers[EVENT_ID_HEADER.toLowerCase()]),
        body: JSON.parse(raw) as Record<string, unknown>,
        signatureValid: verifyWebhookSignature({
          secret,
          body: raw,
          header: request.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined,
          nowSeconds: Date.now() / 1000,
        }),
        at: Date.now(),
      };
      received.push(event);
      const reply = answer(event);
      const status = typeof reply === 'number' ? reply : reply.status;
      const send = () => {
        hanging.delete(response);
        if (response.destroyed) return;
        if (status >= 200 && status < 300 && event.signatureValid) accepted.add(event.eventId);
        response.writeHead(status).end();
      };
      if (typeof reply === 'number') return send();
      hanging.add(response);
      setTimeout(send, reply.hangMs);
    });
  };
  let server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return {
    url: `http://127.0.0.1:${port}/hooks/viewas`,
    received,
    accepted,
    down: stop,
    async up() {
      server = createServer(handle);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      if (server.listening) await stop();
    },
  };
}
