import type { OpenAPIObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CartClient, demoVariants, placeOrder, US_ADDRESS } from '../helpers/checkout-fixtures.js';
import { bearer, freshIp, keyHeader } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

type Schema = SchemaObject | ReferenceObject;

const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  array: (value) => Array.isArray(value),
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
};

/**
 * Where a JSON value departs from an OpenAPI 3.0 schema of the document: the keywords the
 * document's answer schemas use (`$ref`, `type`, `nullable`, `enum`, `allOf`/`anyOf`/`oneOf`,
 * `properties`, `required`, `additionalProperties`, `items`, `maxItems`).
 */
function departures(document: OpenAPIObject, schema: Schema, value: unknown, at = '$'): string[] {
  if ('$ref' in schema) {
    const resolved = document.components!.schemas![schema.$ref.split('/').pop()!];
    return resolved ? departures(document, resolved, value, at) : [`${at}: no ${schema.$ref}`];
  }
  if (value === null && schema.nullable) return [];
  const matches = (part: Schema) => departures(document, part, value, at).length === 0;
  // OpenAPI 3.0 names one type (3.1 may list several).
  if (typeof schema.type === 'string' && !TYPE_CHECKS[schema.type](value))
    return [`${at}: ${JSON.stringify(value)} is not of type ${schema.type}`];
  const found: string[] = [];
  if (schema.enum && !schema.enum.includes(value))
    found.push(`${at}: ${JSON.stringify(value)} is none of ${JSON.stringify(schema.enum)}`);
  for (const part of schema.allOf ?? []) found.push(...departures(document, part, value, at));
  if (schema.anyOf && !schema.anyOf.some(matches)) found.push(`${at}: matches no anyOf schema`);
  if (schema.oneOf && schema.oneOf.filter(matches).length !== 1)
    found.push(`${at}: matches not exactly one oneOf schema`);
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      found.push(`${at}: more than ${schema.maxItems} items`);
    value.forEach((item, index) =>
      found.push(...departures(document, schema.items ?? {}, item, `${at}[${index}]`)),
    );
  } else if (TYPE_CHECKS.object(value)) {
    const members = value as Record<string, unknown>;
    for (const name of schema.required ?? [])
      if (!(name in members)) found.push(`${at}.${name}: required, absent`);
    for (const [name, member] of Object.entries(members)) {
      const declared = schema.properties?.[name];
      const other = schema.additionalProperties;
      if (declared) found.push(...departures(document, declared, member, `${at}.${name}`));
      else if (other === false) found.push(`${at}.${name}: not in the schema`);
      else if (typeof other === 'object')
        found.push(...departures(document, other, member, `${at}.${name}`));
    }
  }
  return found;
}

/**
 * Admin API calls made as the document describes them: each answer's status must be one the
 * operation declares, and its body must be what that answer's schema says.
 */
class CheckedAdminCalls {
  constructor(
    private readonly t: TestApp,
    private readonly document: OpenAPIObject,
    private readonly headers: Record<string, string>,
  ) {}

  async call(method: string, template: string, params: Record<string, string> = {}, body?: object) {
    const operation = this.document.paths[template]?.[method.toLowerCase() as 'get'];
    if (!operation) throw new Error(`${method} ${template} is not documented`);
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);
    const response = await this.t.http.request(method, path, { headers: this.headers, json: body });
    const answer = operation.responses[String(response.status)] as ResponseObject | undefined;
    const schema = answer?.content?.['application/json']?.schema;
    expect({
      route: `${method} ${path}`,
      status: response.status,
      departures: schema ? departures(this.document, schema, response.body) : ['undeclared'],
    }).toEqual({ route: `${method} ${path}`, status: response.status, departures: [] });
    expect(response.status).toBeLessThan(300);
    return response.body;
  }
}

describe('Admin answers conform to the success schemas the OpenAPI document declares', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let document: OpenAPIObject;
  let admin: CheckedAdminCalls;

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    document = (await t.http.get('/docs/json')).body;
    admin = new CheckedAdminCalls(t, document, keyHeader(shop.secret_key));
    const [variant] = await demoVariants(t, shop);
    await placeOrder(new CartClient(t, shop), {
      lines: [{ variantId: variant.id, quantity: 2 }],
      address: US_ADDRESS,
      email: 'conformance@example.com',
    });
  }, 180_000);
  afterAll(() => t.close());

  it('products, with their variants and prices', async () => {
    const products = await admin.call('GET', '/api/v3/admin/products');
    expect(products.data.length).toBeGreaterThan(0);
    const product = await admin.call('GET', '/api/v3/admin/products/{id}', {
      id: products.data[0].id,
    });
    // The check itself: a member the schema lacks, or one it requires gone, is a departure.
    const declared = { $ref: '#/components/schemas/AdminProductView' };
    const { id: _id, ...withoutId } = product;
    expect(departures(document, declared, { ...product, stray: 1 })).toEqual([
      '$.stray: not in the schema',
    ]);
    expect(departures(document, declared, withoutId)).toEqual(['$.id: required, absent']);
    const variants = await admin.call('GET', '/api/v3/admin/products/{product_id}/variants', {
      product_id: product.id,
    });
    await admin.call('GET', '/api/v3/admin/products/{product_id}/variants/{variant_id}/prices', {
      product_id: product.id,
      variant_id: variants.data[0].id,
    });
    await admin.call('GET', '/api/v3/admin/option_types');
    await admin.call('GET', '/api/v3/admin/stock_items');
    await admin.call('GET', '/api/v3/admin/stock_locations');
  });

  it('an order list, an order and its items, fulfillments and payments', async () => {
    const orders = await admin.call('GET', '/api/v3/admin/orders');
    const placed = orders.data.find(
      (order: { email: string }) => order.email === 'conformance@example.com',
    );
    expect(placed).toBeDefined();
    const params = { id: placed.id };
    await admin.call('GET', '/api/v3/admin/orders/{id}', params);
    await admin.call('GET', '/api/v3/admin/orders/{id}/items', params);
    await admin.call('GET', '/api/v3/admin/orders/{id}/fulfillments', params);
    await admin.call('GET', '/api/v3/admin/orders/{id}/payments', params);
    await admin.call('GET', '/api/v3/admin/customers');
  });

  it('an API key: created with its token, listed, shown and revoked', async () => {
    const created = await admin.call(
      'POST',
      '/api/v3/admin/api_keys',
      {},
      {
        name: 'Conformance',
        key_type: 'secret',
        scopes: ['read_orders'],
      },
    );
    expect(created.token).toMatch(/^sk_/);
    await admin.call('GET', '/api/v3/admin/api_keys');
    await admin.call('GET', '/api/v3/admin/api_keys/{id}', { id: created.id });
    await admin.call('PATCH', '/api/v3/admin/api_keys/{id}/revoke', { id: created.id });
  });

  it("the store's settings, tax, zones, payment and delivery methods, roles and staff", async () => {
    for (const path of [
      '/api/v3/admin/store',
      '/api/v3/admin/tax_rates',
      '/api/v3/admin/tax_categories',
      '/api/v3/admin/zones',
      '/api/v3/admin/payment_methods',
      '/api/v3/admin/delivery_methods',
      '/api/v3/admin/roles',
      '/api/v3/admin/staff_users',
      '/api/v3/admin/webhook_endpoints',
      '/api/v3/admin/allowed_origins',
    ])
      await admin.call('GET', path);
  });

  it('a staff session and the signed-in staff user', async () => {
    const session = await new CheckedAdminCalls(t, document, {
      ...keyHeader(shop.publishable_key),
      ...freshIp(),
    }).call('POST', '/api/v3/admin/auth/login', {}, shop.admin);
    await new CheckedAdminCalls(t, document, bearer(session.token)).call('GET', '/api/v3/admin/me');
  });
});
