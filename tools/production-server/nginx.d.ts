export declare const NGINX_CANDIDATES: readonly string[];
export declare function locateNginx(env?: Record<string, string | undefined>): string | undefined;
