import { isIP } from 'node:net';

/** How many leading bits of an IPv6 address one client is assumed to own (a home or office gets a whole /64). */
export const IPV6_LIMIT_PREFIX_BITS = 64;

/**
 * The key the per-address limits count under. An IPv4 address is its own key. An IPv6 client usually
 * holds a whole /64 and can pick a fresh address in it for every request, so the limits count per /64
 * (`2001:db8:1:2::/64`); the ledger keeps the full address.
 */
export function addressLimitKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const groups = expandIPv6(ip).slice(0, IPV6_LIMIT_PREFIX_BITS / 16);
  return `${groups.map((group) => group.toString(16)).join(':')}::/${IPV6_LIMIT_PREFIX_BITS}`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part folded in). */
function expandIPv6(ip: string): number[] {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
