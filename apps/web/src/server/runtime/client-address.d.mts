import type { IncomingMessage } from 'node:http';

export declare const CLIENT_IP_HEADER: 'x-viewas-client-ip';
export declare function parseTrustedProxies(value: string | undefined): number;
export declare function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: number,
): string | null;
export declare function stampClientAddress(request: IncomingMessage, trustedProxies: number): void;
