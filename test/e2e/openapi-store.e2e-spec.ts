import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { US_ADDRESS } from '../helpers/checkout-fixtures.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;
const STORE_PREFIX = '/api/v3/store';
/** Routes whose credential is in the URL (a download token): no key needed. */
const URL_TOKEN_ROUTES = [`${STORE_PREFIX}/digitals/{token}`];

interface DocumentedOperation {
  method: string;
  path: string;
  operation: OperationObject;
}

function storeOperations(document: OpenAPIObject): DocumentedOperation[] {
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith(STORE_PREFIX))
    .flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({
        method,
        path,
        operation: item[method]!,
      })),
    );
}

/** Every `$ref` in a piece of the document. */
function refsIn(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/"\$ref":"([^"]+)"/g)].map(([, ref]) => ref);
}

/**
 * What "Try it out" in `/docs` does: it finds the operation, and sends the credentials of the
 * first security requirement the caller can meet, as the schemes name them.
 */
class DocumentDrivenClient {
  readonly credentials: Record<string, string> = {};

  constructor(
    private readonly t: TestApp,
    private readonly document: OpenAPIObject,
  ) {}

  async call(method: (typeof METHODS)[number], template: string, params: object, body?: object) {
    const operation = this.document.paths[`${STORE_PREFIX}${template}`]?.[method];
    if (!operation) throw new Error(`${method} ${template} is not documented`);
    const requirement = (operation.security ?? []).find((candidate) =>
      Object.keys(candidate).every((scheme) => scheme in this.credentials),
    );
    if (!requirement) throw new Error(`no documented credential for ${method} ${template}`);
    const headers: Record<string, string> = {};
    for (const scheme of Object.keys(requirement)) {
      const definition = this.document.components!.securitySchemes![scheme] as {
        type: string;
        name?: string;
      };
      if (definition.type === 'apiKey') headers[definition.name!] = this.credentials[scheme];
      else headers.authorization = `Bearer ${this.credentials[scheme]}`;
    }
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent((params as Record<string, string>)[name]),
    );
    const response = await this.t.http.request(method.toUpperCase(), `${STORE_PREFIX}${path}`, {
      headers,
      json: body,
    });
    // Every status the route answers is one its documentation lists.
    expect(Object.keys(operation.responses)).toContain(String(response.status));
    return response;
  }
}

describe('OpenAPI document of the Store API', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let document: OpenAPIObject;

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    const response = await t.http.get('/docs/json');
    expect(response.status).toBe(200);
    document = response.body;
  });
  afterAll(() => t.close());

  it('declares the publishable key, the cart token and Bearer JWT as security schemes', () => {
    expect(document.components?.securitySchemes).toMatchObject({
      'publishable-key': { type: 'apiKey', in: 'header', name: 'X-Store-API-Key' },
      'cart-token': { type: 'apiKey', in: 'header', name: 'X-Store-Token' },
      jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });

  it('gives every Store route its access, its answer schema and its error answers', () => {
    const operations = storeOperations(document);
    expect(operations.length).toBeGreaterThan(40);
    const gaps: string[] = [];
    for (const { method, path, operation } of operations) {
      const route = `${method.toUpperCase()} ${path}`;
      const security = operation.security ?? [];
      if (!URL_TOKEN_ROUTES.includes(path)) {
        if (security.length === 0) gaps.push(`${route}: no security`);
        if (security.some((requirement) => !('publishable-key' in requirement)))
          gaps.push(`${route}: a requirement without the publishable key`);
      }
      const statuses = Object.keys(operation.responses);
      const success = statuses.filter((status) => status.startsWith('2'));
      if (success.length === 0) gaps.push(`${route}: no success answer`);
      for (const status of success) {
        const answer = operation.responses[status] as ResponseObject;
        const described = Object.values(answer.content ?? {}).some((media) => media.schema);
        if (!['202', '204'].includes(status) && !described)
          gaps.push(`${route}: ${status} without a schema`);
      }
      const errors = statuses.filter((status) => /^[45]/.test(status));
      if (errors.length === 0) gaps.push(`${route}: no error answers`);
      for (const status of errors) {
        const schema = (operation.responses[status] as ResponseObject).content?.['application/json']
          ?.schema;
        if (refsIn(schema)[0] !== '#/components/schemas/ErrorResponse')
          gaps.push(`${route}: ${status} not in the error envelope`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('resolves every schema reference inside the document', () => {
    const known = new Set(
      Object.keys(document.components?.schemas ?? {}).map((name) => `#/components/schemas/${name}`),
    );
    expect([...new Set(refsIn(document))].filter((ref) => !known.has(ref))).toEqual([]);
  });

  it('is enough to run a guest checkout the way "Try it out" sends requests', async () => {
    const client = new DocumentDrivenClient(t, document);
    client.credentials['publishable-key'] = shop.publishable_key;

    const products = await client.call('get', '/products', {});
    const variantId = products.body.data[0].default_variant_id as string;
    const created = await client.call('post', '/carts', {});
    expect(created.status).toBe(201);
    const cart = { id: created.body.id as string };
    client.credentials['cart-token'] = created.body.token;

    expect(
      (await client.call('post', '/carts/{id}/items', cart, { variant_id: variantId })).status,
    ).toBe(201);
    const addressed = await client.call('patch', '/carts/{id}', cart, {
      email: 'try-it-out@example.com',
      billing_address: US_ADDRESS,
      shipping_address: US_ADDRESS,
    });
    expect(addressed.status).toBe(200);
    const fulfillment = addressed.body.fulfillments[0];
    const rate = fulfillment.delivery_rates[0];
    const delivered = await client.call(
      'patch',
      '/carts/{id}/fulfillments/{fulfillment_id}',
      { ...cart, fulfillment_id: fulfillment.id },
      { selected_delivery_rate_id: rate.id },
    );
    expect(delivered.status).toBe(200);
    const check = (delivered.body.payment_methods as { id: string; type: string }[]).find(
      (method) => !/card|credit/i.test(method.type),
    );
    const paid = await client.call('post', '/carts/{id}/payments', cart, {
      payment_method_id: check!.id,
    });
    expect(paid.status).toBe(201);
    const completed = await client.call('post', '/carts/{id}/complete', cart);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ state: 'complete', email: 'try-it-out@example.com' });

    const order = await client.call('get', '/orders/{id}', { id: completed.body.id });
    expect(order.status).toBe(200);
    expect(order.body.number).toBe(completed.body.number);
  });
});
