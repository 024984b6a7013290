import * as z from '../zod';
import { ADMIN_API_ROUTES, type ApiRouteContract } from '../contracts/api-routes';
import { createOpenApiDocument } from './create-openapi-document';

const routes: ApiRouteContract[] = Object.values(ADMIN_API_ROUTES);
const document = createOpenApiDocument({ routes, info: { title: 'Viewas API', version: '1.0.0' } });
const operationOf = (route: ApiRouteContract) => document.paths[route.path]?.[route.method.toLowerCase()];
type Media = { example?: unknown };
const json = (holder: unknown): Media | undefined =>
  (holder as { content?: Record<string, Media> } | undefined)?.content?.['application/json'];

describe('the examples in the OpenAPI document', () => {
  it.each(routes.map((route) => [route.operationId, route] as const))(
    '%s: its example request and answer are what the contracts accept and send',
    (_id, route) => {
      const operation = operationOf(route);
      expect(operation).toBeDefined();
      if (route.body) {
        const body = json(operation?.requestBody);
        expect(body).toHaveProperty('example');
        expect(z.safeParse(route.body, body?.example).error?.issues).toBeUndefined();
      }
      if (!route.produces) {
        const answer = json(operation?.responses['200']);
        expect(answer).toHaveProperty('example');
        expect(z.safeParse(route.response, answer?.example).error?.issues).toBeUndefined();
      }
      if (route.accepted) {
        const accepted = json(operation?.responses['202']);
        expect(z.safeParse(route.accepted, accepted?.example).error?.issues).toBeUndefined();
      }
      const parameters = (operation?.parameters ?? []) as { name: string; in: string; example?: unknown }[];
      for (const parameter of parameters) expect(parameter).toHaveProperty('example');
      if (route.query) {
        const query = Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.example]));
        expect(z.safeParse(route.query, query).error?.issues).toBeUndefined();
      }
    },
  );
});
