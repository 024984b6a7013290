import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { WebRequest, WebRequestHeaders } from '../app/web-request';

export declare class NodeRequestHeaders implements WebRequestHeaders {
  constructor(headers: IncomingHttpHeaders);
  get(name: string): string | null;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
export declare function nodeRequest(request: IncomingMessage, body: Uint8Array | ReadableStream<Uint8Array> | null): WebRequest;
