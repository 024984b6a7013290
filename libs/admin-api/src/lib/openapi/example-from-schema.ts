type JsonSchema = Record<string, unknown>;

const EXAMPLE_TIME = '2030-01-01T10:00:00.000Z';

/** Plausible values for fields whose name says what they hold; everything else follows its type. */
const BY_NAME: [RegExp, unknown][] = [
  [/email$/i, 'ada@example.com'],
  [/^reason$/, 'Ticket #4211: the invoice page shows the wrong total'],
  [/^(nextCursor|cursor)$/, 'eyJhdCI6IjIwMzAtMDEtMDEifQ'],
  [/^displayName$/, 'Ada Lovelace'],
  [/^name$/, 'Ada Lovelace'],
  [/^query$/, 'ada'],
  [/^password$/, 'correct horse battery staple'],
  [/^(ip)$/, '203.0.113.7'],
  [/^userAgent$/, 'Mozilla/5.0'],
  [/^(head|hash|prevHash)$/, '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
  [/^message$/, 'Done'],
  [/^(id|userId|requestId|impersonationId)$/, 'c0ffee00-0000-4000-8000-000000000001'],
  [/Id$/, 'c0ffee00-0000-4000-8000-000000000002'],
];

const isNullType = (node: JsonSchema) => node['type'] === 'null';

function stringExample(node: JsonSchema, name: string | undefined): string {
  const format = node['format'];
  if (format === 'date-time') return EXAMPLE_TIME;
  if (format === 'email') return 'ada@example.com';
  if (format === 'uuid') return 'c0ffee00-0000-4000-8000-000000000001';
  if (format === 'uri' || format === 'url') return 'https://siem.example.com/hooks/viewas';
  const named = name ? BY_NAME.find(([pattern]) => pattern.test(name))?.[1] : undefined;
  let value = typeof named === 'string' ? named : (name ?? 'text');
  const min = typeof node['minLength'] === 'number' ? node['minLength'] : 0;
  const max = typeof node['maxLength'] === 'number' ? node['maxLength'] : Infinity;
  while (value.length < min) value += ` ${value}`;
  return value.slice(0, max);
}

function numberExample(node: JsonSchema, name: string | undefined): number {
  const min = typeof node['minimum'] === 'number' ? node['minimum'] : undefined;
  const max = typeof node['maximum'] === 'number' ? node['maximum'] : undefined;
  const preferred = name && /minutes$/i.test(name) ? 60 : name && /^(limit)$/.test(name) ? 20 : 1;
  return Math.min(max ?? Infinity, Math.max(min ?? -Infinity, preferred));
}

/**
 * An example value that satisfies a JSON Schema as zod writes it (draft 2020-12): every property
 * filled, the first of each choice, plausible values by field name. Only for documentation: the
 * OpenAPI document's examples, checked against the contracts in this library's tests.
 */
export function exampleFromSchema(node: JsonSchema, name?: string): unknown {
  if ('example' in node) return node['example'];
  if ('const' in node) return node['const'];
  const choices = Array.isArray(node['enum']) ? node['enum'] : null;
  if (choices?.length) return choices[0];
  const variants = (node['anyOf'] ?? node['oneOf']) as JsonSchema[] | undefined;
  const variant = variants?.find((candidate) => !isNullType(candidate)) ?? variants?.[0];
  if (variant) return exampleFromSchema(variant, name);
  const allOf = node['allOf'] as JsonSchema[] | undefined;
  if (allOf?.length) return exampleFromSchema(Object.assign({}, ...allOf), name);
  const types = Array.isArray(node['type']) ? (node['type'] as string[]) : [node['type'] as string | undefined];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const properties = (node['properties'] ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, exampleFromSchema(child, key)]));
    }
    case 'array': {
      const items = node['items'] as JsonSchema | undefined;
      return items ? [exampleFromSchema(items, name)] : [];
    }
    case 'string':
      return stringExample(node, name);
    case 'integer':
    case 'number':
      return numberExample(node, name);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return name ? (BY_NAME.find(([pattern]) => pattern.test(name))?.[1] ?? {}) : {};
  }
}
