/** A JSON Schema node as zod writes it (draft 2020-12): only what the reference page shows. */
export interface SchemaNode {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  description?: string;
  $ref?: string;
}

/** A field of an object schema, flattened for a list: `users[].email`. */
export interface SchemaField {
  path: string;
  type: string;
  required: boolean;
  rules: string[];
  description?: string;
}

/** The type in words: `string`, `string or null`, `"pending" | "active"`, `array of object`. */
export function typeLabel(node: SchemaNode): string {
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.enum) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (node.$ref) return node.$ref.split('/').at(-1) ?? 'object';
  const variants = node.anyOf ?? node.oneOf;
  if (variants) return variants.map(typeLabel).join(' or ');
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : ['any'];
  return types
    .map((type) =>
      type === 'array'
        ? `array of ${node.items ? typeLabel(node.items) : 'any'}`
        : type === 'string' && node.format
          ? `string (${node.format})`
          : type,
    )
    .join(' or ');
}

/** The constraints in words: lengths, bounds, pattern. */
export function rules(node: SchemaNode): string[] {
  const found: string[] = [];
  if (node.minLength !== undefined && node.maxLength !== undefined) found.push(`${node.minLength}-${node.maxLength} characters`);
  else if (node.minLength !== undefined) found.push(`at least ${node.minLength} characters`);
  else if (node.maxLength !== undefined) found.push(`at most ${node.maxLength} characters`);
  if (node.minimum !== undefined && node.maximum !== undefined) found.push(`${node.minimum}-${node.maximum}`);
  else if (node.minimum !== undefined) found.push(`at least ${node.minimum}`);
  else if (node.maximum !== undefined) found.push(`at most ${node.maximum}`);
  // A format (date-time, email) says it in words; zod's regex for it would only be noise.
  if (node.pattern && !node.format) found.push(`matches ${node.pattern}`);
  return found;
}

/** Every field of an object schema, depth first, nested objects and arrays of objects included. */
export function schemaFields(node: SchemaNode, prefix = ''): SchemaField[] {
  const target = node.type === 'array' && node.items ? node.items : node;
  const base = node.type === 'array' ? `${prefix}[]` : prefix;
  if (!target.properties) return [];
  const required = new Set(target.required ?? []);
  return Object.entries(target.properties).flatMap(([name, child]) => {
    const path = base ? `${base}.${name}` : name;
    const nested = (child.anyOf ?? child.oneOf ?? [child]).find(
      (variant) => variant.properties || (variant.type === 'array' && variant.items?.properties),
    );
    return [
      {
        path,
        type: typeLabel(child),
        required: required.has(name),
        rules: rules(child),
        ...(child.description ? { description: child.description } : {}),
      },
      ...(nested ? schemaFields(nested, path) : []),
    ];
  });
}
