import { randomFillSync } from 'node:crypto';

/** The request header that hands a page's CSP nonce to the code rendering it. */
export const NONCE_HEADER = 'x-nonce';

const NONCE_BYTES = 16;
const NONCE_PATTERN = /^[A-Za-z0-9+/]{22}==$/;

// Random bytes are drawn 256 nonces at a time (one call into the CSPRNG instead of one per response,
// as Node's randomUUID does); each nonce takes its own 16 bytes once, so none is ever handed out twice.
const NONCES_PER_DRAW = 256;
const pool = Buffer.alloc(NONCE_BYTES * NONCES_PER_DRAW);
let poolOffset = pool.length;

/** 128 random bits, base64: a fresh one for every response. */
export function createNonce(): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString('base64', poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** Whether a value is a nonce we made, so it can be written into HTML attributes safely. */
export function isNonce(value: string | null | undefined): value is string {
  return typeof value === 'string' && NONCE_PATTERN.test(value);
}

export interface ContentSecurityPolicyOptions {
  nonce: string;
  /** The configured third-party scripts (analytics, affiliate); unset, relative or malformed ones add nothing. */
  thirdPartyScriptUrls: readonly (string | undefined)[];
  /** The app is served over https: plain-http subresources are upgraded. */
  https: boolean;
  /**
   * `next dev`: React reconstructs server error stacks with `eval`, and Next's dev tools and
   * styled-components' development mode add styles without a nonce.
   */
  development: boolean;
}

/**
 * A strict, nonce-based policy. Scripts run only with this response's nonce or when a nonced script
 * loads them ('strict-dynamic'); the third-party hosts are listed as well for browsers that predate
 * 'strict-dynamic', and may also fetch and send beacons (connect-src, img-src). Nothing may frame the
 * app, change its base URL or embed plugins.
 */
export function contentSecurityPolicy({ nonce, thirdPartyScriptUrls, https, development }: ContentSecurityPolicyOptions): string {
  const nonceSource = `'nonce-${nonce}'`;
  const hosts = thirdPartyOrigins(thirdPartyScriptUrls);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", nonceSource, "'strict-dynamic'", ...hosts, ...(development ? ["'unsafe-eval'"] : [])],
    // A nonce would make browsers ignore 'unsafe-inline', so development lists only the latter.
    ['style-src', "'self'", development ? "'unsafe-inline'" : nonceSource],
    ['img-src', "'self'", 'data:', ...hosts],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...hosts],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
    ...(https ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The distinct http(s) origins of absolute URLs, in order. */
export function thirdPartyOrigins(urls: readonly (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    const parsed = url && URL.canParse(url.trim()) ? new URL(url.trim()) : null;
    if (parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:')) origins.add(parsed.origin);
  }
  return [...origins];
}

/** An HTML page with this response's nonce on each of its `<style>` elements (next-auth's own pages). */
export function withNoncedStyles(html: string, nonce: string): string {
  return isNonce(nonce) ? html.replaceAll('<style>', `<style nonce="${nonce}">`) : html;
}
