import * as z from '../zod';
import type { ApiAccess, ApiRouteContract } from '../contracts/api-routes';
import { API_ERROR_STATUS, ApiErrorEnvelopeSchema, type ApiErrorCode } from '../contracts/errors';
import { exampleFromSchema } from './example-from-schema';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocumentOptions {
  routes: readonly ApiRouteContract[];
  /** `info.title`, `info.version` (the package's version, say) and `info.description`. */
  info: { title: string; version: string; description?: string };
  /** The app's origin, for `servers`; omitted when not given (paths are then relative to the document). */
  serverUrl?: string;
  /** The session cookie's name (`next-auth.session-token`, or `__Secure-…` on https). */
  sessionCookieName?: string;
}

/** An OpenAPI 3.1 document: a JSON object. */
export type OpenApiDocument = Record<string, unknown> & { openapi: '3.1.1'; paths: Record<string, Record<string, OpenApiOperation>> };

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  'x-access': ApiAccess;
}

const ERROR_DESCRIPTIONS: Record<ApiErrorCode, string> = {
  bad_request: 'The input is invalid (`issues` names each field)',
  unauthenticated: 'Not signed in',
  forbidden: 'Not allowed: the wrong role, or a cross-site request',
  not_found: 'No such record',
  method_not_allowed: 'Wrong HTTP method (see `Allow`)',
  conflict: 'Conflicts with the current state',
  payload_too_large: 'The body is too large',
  unsupported_media_type: 'The body is not `application/json`',
  rate_limited: 'Too many attempts (see `Retry-After`)',
  internal: 'Unexpected error (never a stack trace)',
  unavailable: 'The database is unreachable; try again shortly',
  reauth_required: 'Enter your password again first (`POST /api/admin/reauth`): the last entry is older than the step-up window',
  invalid_password: 'The password entered again is not correct (counted like a failed sign-in)',
  read_only: 'The caller is in a read-only view: nothing may be changed (return to your own account first)',
  consent_refused: 'The user does not allow staff to view their account (only an administrator’s break-glass view may)',
  account_holder_only:
    'Only the account holder may change this setting (`supportAccess`, `emailNotifications`), never someone viewing the account as them',
};

const ACCESS_TEXT: Record<ApiAccess, string> = {
  admin: 'An active administrator, in their own session.',
  staff: 'Staff (support or administrator), in their own session.',
  'signed-in': 'Anyone signed in, also staff viewing the app as them.',
  'account-holder': 'The signed-in user in their own session; staff viewing the app as them are refused (`forbidden`).',
};

/** zod's own JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), without the per-document `$schema`. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete generated['$schema'];
  return generated;
}

function queryParameters(query: z.core.$ZodType): JsonSchema[] {
  const schema = jsonSchema(query, 'input');
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(description ? { description } : {}),
      schema: propertySchema,
      example: exampleFromSchema(propertySchema, name),
    };
  });
}

function pathParameters(params: Record<string, z.core.$ZodType>): JsonSchema[] {
  return Object.entries(params).map(([name, schema]) => {
    const parameterSchema = jsonSchema(schema, 'input');
    return { name, in: 'path', required: true, schema: parameterSchema, example: exampleFromSchema(parameterSchema, name) };
  });
}

/** A JSON media type with its schema and an example that satisfies it. */
function jsonContent(schema: JsonSchema): JsonSchema {
  return { 'application/json': { schema, example: exampleFromSchema(schema) } };
}

function operation(route: ApiRouteContract): OpenApiOperation {
  const parameters = [...(route.params ? pathParameters(route.params) : []), ...(route.query ? queryParameters(route.query) : [])];
  const responses: Record<string, JsonSchema> = {
    '200': {
      description: 'Success',
      content: route.produces
        ? Object.fromEntries(route.produces.map((type) => [type, { schema: { type: 'string' } }]))
        : jsonContent(jsonSchema(route.response, 'output')),
    },
    ...(route.accepted
      ? {
          '202': {
            description: 'Accepted: waiting for approval',
            content: jsonContent(jsonSchema(route.accepted, 'output')),
          },
        }
      : {}),
  };
  for (const code of route.errors) {
    const status = String(API_ERROR_STATUS[code]);
    const existing = responses[status];
    const description = existing ? `${String(existing['description'])}; ${ERROR_DESCRIPTIONS[code]}` : ERROR_DESCRIPTIONS[code];
    responses[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorEnvelope' } } } };
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: `${route.description}\n\nWho may call it: ${ACCESS_TEXT[route.access]}`,
    tags: [route.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: jsonContent(jsonSchema(route.body, 'input')) } } : {}),
    responses,
    'x-access': route.access,
  };
}

/**
 * The OpenAPI 3.1 description of the given routes, generated from their zod contracts: request
 * schemas as the server accepts them, answers as it sends them, every failure as the error envelope.
 */
export function createOpenApiDocument({
  routes,
  info,
  serverUrl,
  sessionCookieName = 'next-auth.session-token',
}: OpenApiDocumentOptions): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.operationId)) throw new Error(`Two routes share the operationId ${route.operationId}`);
    seen.add(route.operationId);
    const method = route.method.toLowerCase();
    const item = (paths[route.path] ??= {});
    if (item[method]) throw new Error(`Two routes serve ${route.method} ${route.path}`);
    item[method] = operation(route);
  }
  const tags = [...new Set(routes.map((route) => route.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info,
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags,
    paths,
    components: {
      schemas: { ApiErrorEnvelope: jsonSchema(ApiErrorEnvelopeSchema, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookieName,
          description: "The next-auth session cookie. State-changing calls must also come from the app's own origin (`Origin` header).",
        },
      },
    },
    security: [{ session: [] }],
  };
}
