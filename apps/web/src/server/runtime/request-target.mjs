// What the production server reads of a request's target. The route, and every path the app logs, come
// from the request line alone: Next routes on it and builds the route's URL on its own base, never on the
// Host header. A Host that is not one (a path, query, fragment or user part in it) is refused outright, so
// no part of the app or a proxy's log can read it as something else.

// RFC 9110 §7.2 / RFC 3986 §3.2.2: uri-host [ ":" port ], uri-host an IP literal in brackets or a reg-name
// (unreserved, percent-encoded and sub-delimiter characters; an IPv4 address is one of those).
const VALID_HOST =
  /^(?:\[[0-9A-Fa-f:.]+\]|\[v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)(?::[0-9]*)?$/;

/** Whether a request's Host header is a host (with an optional port), or absent (HTTP/1.0). */
export function isValidHost(host) {
  return host === undefined || VALID_HOST.test(host);
}

/** The request line's path, without its query string. */
export function requestPath(url) {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
