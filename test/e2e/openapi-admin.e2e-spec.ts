import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';
import { type AdminEndpoint, adminEndpoints } from '../helpers/staff-admin-endpoints.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

interface ScopedOperation extends OperationObject {
  'x-required-scope'?: string;
  'x-required-scope-by-query'?: { param: string; scopes: Record<string, string> };
}

/** `/api/v3/admin/orders/:id/items/:item_id` as OpenAPI writes it: `{id}`, `{item_id}`. */
const documentedPath = (path: string) => path.split('?')[0].replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('OpenAPI document of the Admin API', () => {
  let t: TestApp;
  let document: OpenAPIObject;
  let endpoints: AdminEndpoint[];

  beforeAll(async () => {
    t = await startTestApp();
    const response = await t.http.get('/docs/json');
    expect(response.status).toBe(200);
    document = response.body;
    endpoints = adminEndpoints(t.app);
  });
  afterAll(() => t.close());

  const operationOf = (endpoint: AdminEndpoint) =>
    document.paths[documentedPath(endpoint.path)]?.[endpoint.method.toLowerCase() as Method] as
      ScopedOperation | undefined;

  it('documents every admin route', () => {
    const missing = endpoints
      .filter((endpoint) => !operationOf(endpoint))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(missing).toEqual([]);
    expect(endpoints.length).toBeGreaterThan(40);
  });

  it('names the scope each route enforces, in the operation and its description', () => {
    const wrong: string[] = [];
    for (const endpoint of endpoints) {
      if (endpoint.session || endpoint.anyCaller) continue;
      const operation = operationOf(endpoint)!;
      const byQuery = operation['x-required-scope-by-query'];
      const documented = byQuery
        ? byQuery.scopes[new URLSearchParams(endpoint.path.split('?')[1]).get(byQuery.param)!]
        : operation['x-required-scope'];
      if (
        documented !== endpoint.scope ||
        !operation.description?.includes(`\`${endpoint.scope}\``)
      )
        wrong.push(`${endpoint.method} ${endpoint.path}: ${documented} ≠ ${endpoint.scope}`);
    }
    expect(wrong).toEqual([]);
  });

  it('offers a secret key or a staff token on every scoped route', () => {
    const scoped = endpoints.filter((endpoint) => !endpoint.session && !endpoint.anyCaller);
    for (const endpoint of scoped) {
      const schemes = (operationOf(endpoint)!.security ?? []).flatMap(Object.keys);
      expect({ route: `${endpoint.method} ${endpoint.path}`, schemes }).toEqual({
        route: `${endpoint.method} ${endpoint.path}`,
        schemes: expect.arrayContaining(['secret-key', 'jwt']),
      });
    }
  });
});
