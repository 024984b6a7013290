import type { Server } from 'node:http';

export declare const DRAIN_TIMEOUT_MS: number;
export declare function createGracefulShutdown(
  server: Server,
  options: { onDrained: () => Promise<void>; drainTimeoutMs?: number },
): () => Promise<void>;
