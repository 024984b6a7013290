export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased, flags as `true`: `{ path: '/', httponly: true, samesite: 'Lax' }`. */
  attributes: Record<string, string | true>;
}

/** One `Set-Cookie` line: its name, value and attributes. */
export function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...parts] = line.split(';');
  const separator = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of parts) {
    const [key = '', ...value] = part.trim().split('=');
    attributes[key.toLowerCase()] = value.length > 0 ? value.join('=') : true;
  }
  return { name: pair.slice(0, separator).trim(), value: pair.slice(separator + 1).trim(), attributes };
}

/** The cookies a response sets, parsed for assertions. */
export function setCookiesOf(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map(parseSetCookie);
}
