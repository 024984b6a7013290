/**
 * The canonical JSON of a value: the JSON Canonicalization Scheme (RFC 8785), so any language can
 * recompute a ledger hash byte for byte.
 *
 * - no whitespace anywhere;
 * - object members sorted by their names' UTF-16 code units (JavaScript's default sort), members
 *   whose value is `undefined` left out (a JSON store never keeps them);
 * - strings as `JSON.stringify` writes them (only `"`, `\`, and control characters escaped; lone
 *   surrogates as `\udxxx`);
 * - numbers as ECMAScript writes them (`1`, `0.5`, `1e+21`; `-0` as `0`);
 * - `null`, `true`, `false`, arrays in order.
 *
 * Anything that is not JSON (a non-finite number, `undefined` in an array, a function, a bigint, a Date,
 * a class instance) is refused rather than silently turned into something else.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonical JSON: ${path} is not a finite number`);
      return JSON.stringify(value);
    case 'object':
      if (Array.isArray(value)) return `[${value.map((item, index) => write(item, `${path}[${index}]`)).join(',')}]`;
      if (!isPlainObject(value)) throw new TypeError(`canonical JSON: ${path} is not a plain object`);
      return `{${Object.keys(value)
        .filter((key) => value[key] !== undefined)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${write(value[key], `${path}.${key}`)}`)
        .join(',')}}`;
    default:
      throw new TypeError(`canonical JSON: ${path} is a ${typeof value}, not JSON`);
  }
}

function isPlainObject(value: object): value is Record<string, unknown> {
  // Any realm's Object.prototype (a value cloned in a test VM, or by a driver, has another realm's).
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || (Object.getPrototypeOf(proto) === null && Object.prototype.toString.call(value) === '[object Object]');
}
