import type { DestinationStream } from 'pino';

export declare const READABLE_OPTIONS: { translateTime: string; ignore: string; singleLine: boolean };
export declare function logDestination(output?: NodeJS.WritableStream & { isTTY?: boolean }): DestinationStream;
