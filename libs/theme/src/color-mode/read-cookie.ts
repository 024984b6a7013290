/** The raw value of cookie `key` in a `Cookie` header or `document.cookie`, or undefined. */
export function readCookie(cookieHeader: string, key: string): string | undefined {
  const prefix = `${encodeURIComponent(key)}=`;
  for (const pair of cookieHeader.split(';')) {
    const trimmed = pair.trim();
    if (trimmed.startsWith(prefix)) return trimmed.slice(prefix.length);
  }
  return undefined;
}
