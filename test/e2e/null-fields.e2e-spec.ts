import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CartClient, CartRecords, demoVariants } from '../helpers/checkout-fixtures.js';
import {
  MINIMAL_ADDRESS,
  StoreCaller,
  startCustomersTestApp,
  type RegisteredCustomer,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import type { TestApp } from '../helpers/test-app.js';

const WRITE_METHODS = ['post', 'patch', 'put'] as const;
type WriteMethod = (typeof WRITE_METHODS)[number];

/** A body property, maybe inside an object or a list of objects the body has. */
interface BodyProperty {
  name: string;
  nullable: boolean;
  /** The body with this property null. */
  body: (base: Record<string, unknown>) => Record<string, unknown>;
  /** Whether the property is at the top of the body (its error must name it). */
  topLevel: boolean;
}

interface WriteRoute {
  method: WriteMethod;
  path: string;
  properties: BodyProperty[];
}

/** Routes that take no JSON object. */
const NOT_JSON = ['multipart/form-data'];

/**
 * A body that is valid apart from the property sent as null, for the routes that create
 * something: so that a nullable property's `null` reaches the service instead of stopping at a
 * missing required field.
 */
const BASE_BODIES: Record<string, (known: Known) => Record<string, unknown>> = {
  'POST /api/v3/admin/products': () => ({ name: `Null probe ${unique()}` }),
  'POST /api/v3/admin/categories': () => ({ name: `Null probe ${unique()}` }),
  'POST /api/v3/admin/stock_locations': () => ({ name: `Null probe ${unique()}` }),
  'POST /api/v3/admin/zones': () => ({ name: `Null probe ${unique()}` }),
  'POST /api/v3/admin/tax_categories': () => ({ name: `Null probe ${unique()}` }),
  'POST /api/v3/admin/customers': () => ({ email: `null-${unique()}@example.com` }),
  'POST /api/v3/admin/customers/{customer_id}/store_credits': () => ({ amount: '1.00' }),
  'POST /api/v3/store/account/addresses': () => ({ ...MINIMAL_ADDRESS }),
  'POST /api/v3/store/customers/me/addresses': () => ({ ...MINIMAL_ADDRESS }),
  'POST /api/v3/store/carts/{id}/items': (known) => ({ variant_id: known.variantId }),
  'POST /api/v3/admin/orders/{id}/items': (known) => ({ variant_id: known.variantId }),
  'POST /api/v2/storefront/cart/add_item': (known) => ({ variant_id: known.variantId }),
  'PATCH /api/v2/storefront/cart/set_quantity': (known) => ({ line_item_id: known.lineItemId }),
};

/** Records of the seeded store that bodies refer to. */
interface Known {
  variantId: string;
  lineItemId: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

function resolveSchema(document: OpenAPIObject, schema: unknown): SchemaObject {
  let current = schema as SchemaObject & { $ref?: string };
  while (current?.$ref) {
    current = document.components!.schemas![current.$ref.split('/').pop()!] as SchemaObject & {
      $ref?: string;
    };
  }
  return current ?? {};
}

/** The body's properties, and one level down those of its objects and lists of objects. */
function bodyProperties(document: OpenAPIObject, schema: SchemaObject): BodyProperty[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const resolved = resolveSchema(document, property);
    const top: BodyProperty = {
      name,
      nullable: resolved.nullable === true,
      body: (base) => ({ ...base, [name]: null }),
      topLevel: true,
    };
    const listed = resolved.type === 'array';
    const inner = resolveSchema(document, listed ? resolved.items : resolved);
    const nested = Object.entries(inner.properties ?? {}).map(
      ([innerName, innerProperty]): BodyProperty => ({
        name: `${name}.${innerName}`,
        nullable: resolveSchema(document, innerProperty).nullable === true,
        body: (base) => ({
          ...base,
          [name]: listed ? [{ [innerName]: null }] : { [innerName]: null },
        }),
        topLevel: false,
      }),
    );
    return [top, ...nested];
  });
}

function writeRoutes(document: OpenAPIObject): WriteRoute[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    WRITE_METHODS.filter((method) => item[method]?.requestBody).flatMap((method) => {
      const content = (
        item[method]!.requestBody as { content: Record<string, { schema: unknown }> }
      ).content;
      if (Object.keys(content).every((type) => NOT_JSON.includes(type))) return [];
      const schema = resolveSchema(document, content['application/json'].schema);
      return [{ method, path, properties: bodyProperties(document, schema) }];
    }),
  );
}

describe('null in request bodies', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let customer: RegisteredCustomer;
  let cart: CartClient;
  let routes: WriteRoute[];
  let known: Known;
  const ids = new Map<string, string>();

  const adminHeaders = () => ({ 'x-store-api-key': shop.secret_key });
  const storeHeaders = () => ({
    'x-store-api-key': shop.publishable_key,
    authorization: `Bearer ${customer.token}`,
  });
  const headersFor = (path: string) =>
    path.startsWith('/api/v3/admin') ? adminHeaders() : storeHeaders();

  /** The first record of a list route, if it has one. */
  async function firstOf(listPath: string): Promise<string | undefined> {
    const response = await t.http.get(listPath, headersFor(listPath));
    if (response.status !== 200) return undefined;
    const list = Array.isArray(response.body?.data) ? response.body.data : [];
    return list[0]?.id;
  }

  /** Real ids for the path's parameters where the API lists them, else an unknown id. */
  async function concretePath(template: string): Promise<string> {
    let path = template;
    for (const match of template.matchAll(/\{(\w+)\}/g)) {
      const [placeholder] = match;
      const prefix = path.slice(0, path.indexOf(placeholder)).replace(/\/$/, '');
      const known = ids.get(prefix) ?? (await firstOf(prefix));
      if (known) ids.set(prefix, known);
      path = path.replace(placeholder, encodeURIComponent(known ?? 'unknown_0000'));
    }
    return path;
  }

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    customer = await new StoreCaller(t, shop).register();
    const [variant] = await demoVariants(t, shop);
    cart = new CartClient(t, shop, customer.token);
    await cart.create();
    const line = await cart.addItem(variant.id);
    expect(line.status).toBe(201);
    known = { variantId: variant.id, lineItemId: line.body.line_items[0].id };
    const address = await new StoreCaller(t, shop).call('POST', '/account/addresses', {
      token: customer.token,
      json: MINIMAL_ADDRESS,
    });
    expect(address.status).toBe(201);
    const draft = await t.http.request('POST', '/api/v3/admin/orders', {
      headers: adminHeaders(),
      json: { email: 'draft@example.com', items: [{ variant_id: variant.id, quantity: 1 }] },
    });
    expect(draft.status).toBe(201);
    ids.set('/api/v3/admin/orders', draft.body.id);
    ids.set('/api/v3/store/carts', cart.id);
    ids.set(`/api/v3/store/carts/${cart.id}/items`, known.lineItemId);
    const draftLine = (draft.body.line_items ?? draft.body.items)?.[0]?.id as string | undefined;
    if (draftLine) ids.set(`/api/v3/admin/orders/${draft.body.id}/items`, draftLine);
    ids.set('/api/v3/admin/customers', customer.id);
    const document = (await t.http.get('/docs/json')).body as OpenAPIObject;
    routes = writeRoutes(document);
  }, 120_000);
  afterAll(() => t.close());

  it('documents the write routes it walks', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.flatMap((route) => route.properties).length).toBeGreaterThan(400);
  });

  it('answers null in any documented property with a 2xx only where null is documented, else a 4xx envelope naming it', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const path = await concretePath(route.path);
      const base = BASE_BODIES[`${route.method.toUpperCase()} ${route.path}`];
      for (const property of route.properties) {
        const response = await t.http.request(route.method.toUpperCase(), path, {
          headers: headersFor(path),
          json: property.body(base?.(known) ?? {}),
        });
        const label = `${route.method.toUpperCase()} ${route.path} {${property.name}: null} → ${response.status}`;
        const problem = verdict(response, property);
        if (problem) problems.push(`${label}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('refuses an email of null on a cart: 422 naming email, the email kept', async () => {
    expect((await cart.update({ email: 'kept@example.com' })).status).toBe(200);
    const response = await cart.update({ email: null });
    const details = expectError(response, 422, 'validation_error');
    expect(Object.keys(details!)).toEqual(['email']);
    const stored = await new CartRecords(t).order(cart.id);
    expect(stored.email).toBe('kept@example.com');
  });

  it('refuses a store credit amount of null: 422 naming amount, no payment made', async () => {
    const records = new CartRecords(t);
    const before = await records.payments(cart.id);
    const response = await cart.call('POST', `/carts/${cart.id}/store_credits`, { amount: null });
    const details = expectError(response, 422, 'validation_error');
    expect(Object.keys(details!)).toEqual(['amount']);
    expect(await records.payments(cart.id)).toEqual(before);
  });
});

/** What is wrong with the answer to a body whose `name` is null, if anything. */
function verdict(
  response: TestResponse,
  { name, nullable, topLevel }: BodyProperty,
): string | undefined {
  if (response.status >= 500) return 'a server error';
  if (response.status < 300) return nullable ? undefined : 'accepted, but null is not documented';
  if (response.status < 400) return 'not an answer';
  const error = response.body?.error;
  if (Object.keys(response.body ?? {}).join() !== 'error' || typeof error?.code !== 'string')
    return 'not in the error envelope';
  if (error.code === 'validation_error' && !nullable && topLevel) {
    const fields = Object.keys(error.details ?? {});
    if (!fields.some((field) => field === name || field.startsWith(`${name}.`)))
      return `validation_error without ${name}: ${fields.join(', ')}`;
  }
  return undefined;
}
