import { isIP } from 'node:net';

/** The header the production server writes the client's address into; any value a client sends is replaced. */
export const CLIENT_IP_HEADER = 'x-viewas-client-ip';

const MAX_TRUSTED_PROXIES = 9;

/**
 * `TRUST_PROXY`: how many proxies of our own stand in front of the app. `false` (default) trusts none,
 * so `X-Forwarded-For` is ignored; `true` means one; a number, that many.
 */
export function parseTrustedProxies(value) {
  if (value === undefined || value === '' || value === 'false' || value === '0') return 0;
  if (value === 'true') return 1;
  const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (count >= 1 && count <= MAX_TRUSTED_PROXIES) return count;
  throw new Error(
    `TRUST_PROXY must be false, true or the number of proxies in front of the app (1-${MAX_TRUSTED_PROXIES}), not ${JSON.stringify(value)}.`,
  );
}

/**
 * The client's address. Without trusted proxies it is the socket's peer, whatever `X-Forwarded-For`
 * says. Behind `trustedProxies` proxies of ours, each appended the address it saw, so the client is
 * the right-most entry they did not add. When the header holds fewer hops than that (`TRUST_PROXY`
 * set higher than the real chain), the entry that would count does not exist: anything further left
 * is what the client wrote itself, so the socket's peer is used instead (coarse, but never chosen by
 * the client). `null` when the entry that counts is not an IP address.
 */
export function clientAddress(socketAddress, forwardedFor, trustedProxies) {
  const hops = trustedProxies > 0 ? splitForwardedFor(forwardedFor) : [];
  hops.push(socketAddress ?? '');
  const index = hops.length - 1 - trustedProxies;
  const candidate = unmapIPv4(index >= 0 ? hops[index] : (socketAddress ?? ''));
  return isIP(candidate) ? candidate : null;
}

/** Writes the client's address into `CLIENT_IP_HEADER` of a `node:http` request, replacing anything sent. */
export function stampClientAddress(request, trustedProxies) {
  const forwardedFor = request.headers['x-forwarded-for'];
  const address = clientAddress(
    request.socket.remoteAddress,
    Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor,
    trustedProxies,
  );
  if (address) request.headers[CLIENT_IP_HEADER] = address;
  else delete request.headers[CLIENT_IP_HEADER];
}

function splitForwardedFor(header) {
  return (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

// A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d.
function unmapIPv4(address) {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}
