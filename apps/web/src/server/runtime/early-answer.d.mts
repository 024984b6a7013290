import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function closeAfterEarlyAnswer(request: IncomingMessage, response: ServerResponse): void;
