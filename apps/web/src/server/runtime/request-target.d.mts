export declare function isValidHost(host: string | undefined): boolean;
export declare function requestPath(url: string): string;
