export declare function scrubError(error: unknown, depth?: number): unknown;
export declare function withoutQuery(url: string): string;
