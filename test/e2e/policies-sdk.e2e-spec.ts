import { type Client } from '@spree/sdk';
import { PolicySchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import {
  expectCrossStore404,
  expectScopeRefusals,
  startAdminShops,
} from '../helpers/admin-fixtures.js';
import { SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import type { AdminCaller } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { settingsRoutes } from '../helpers/settings-fixtures.js';
import { createSpreeSdkClient, listOf, schemaRecorder } from '../helpers/spree-sdk-client.js';
import { rejection } from '../helpers/spree-sdk-fixtures.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

const RETURNS_HTML =
  '<h2>Returns</h2><p>Send items back within <strong>30&nbsp;days</strong> &amp; get a refund.</p>' +
  '<script>alert("x")</script><p>Questions? <a href="mailto:help@example.com">Write us</a>.</p>';

describe('Store policies through @spree/sdk and the Admin API', () => {
  let t: TestApp;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let storeKey: string;
  let client: Client;
  let otherClient: Client;
  let recorder: ReturnType<typeof schemaRecorder>;

  beforeAll(async () => {
    let shop, other;
    ({ t, shop, other, admin, otherAdmin, storeKey } = await startAdminShops());
    recorder = schemaRecorder();
    client = createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
    });
    otherClient = createSpreeSdkClient(t.baseUrl, {
      publishableKey: other.publishable_key,
      onResponse: recorder.onResponse,
    });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  afterEach(() => {
    // Every response the client received satisfies its @spree/sdk/zod schema.
    expect(recorder.problems).toEqual([]);
  });

  const stored = async (publicId: string) => {
    const [row] = await t.dataSource.query(
      'SELECT store_id::text AS store_id, name, slug, body FROM policies WHERE id = $1',
      [keyOf(t, ID_PREFIX.policy, publicId)],
    );
    return row as { store_id: string; name: string; slug: string; body: string | null } | undefined;
  };
  const unique = () => Math.random().toString(36).slice(2, 8);
  const create = async (json: Record<string, unknown>) => {
    const response = await admin.call('POST', '/policies', { json });
    expect(response.status).toBe(201);
    return response.body as Record<string, any>;
  };

  it('gives every store its four policies, without text, from the start', async () => {
    const policies = await otherClient.policies.list();
    listOf(PolicySchema).parse(policies);
    expect(policies.data).toEqual(
      [
        ['Privacy Policy', 'privacy-policy'],
        ['Returns Policy', 'returns-policy'],
        ['Shipping Policy', 'shipping-policy'],
        ['Terms of Service', 'terms-of-service'],
      ].map(([name, slug]) => ({
        id: expect.stringMatching(/^pol_/),
        name,
        slug,
        body: '',
        body_html: '',
      })),
    );
  });

  it('answers the merchant’s HTML as written in body_html and its plain text in body', async () => {
    const created = await create({ name: 'Return Policy', body: RETURNS_HTML });
    expect(created).toEqual({
      id: expect.stringMatching(/^pol_/),
      name: 'Return Policy',
      slug: 'return-policy',
      body: 'Returns\nSend items back within 30 days & get a refund.\nQuestions? Write us.',
      body_html: RETURNS_HTML,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await stored(created.id)).toEqual({
      store_id: storeKey,
      name: 'Return Policy',
      slug: 'return-policy',
      body: RETURNS_HTML,
    });

    const bySlug = await client.policies.get('return-policy');
    PolicySchema.parse(bySlug);
    const { created_at: _c, updated_at: _u, ...storefrontView } = created;
    expect(bySlug).toEqual(storefrontView);
    expect(await client.policies.get(created.id)).toEqual(storefrontView);
    expect((await client.policies.list()).data.map((policy) => policy.slug)).toContain(
      'return-policy',
    );
  });

  it('answers 404 record_not_found for an unknown slug or id and for another store’s policy', async () => {
    const created = await create({ name: `Wholesale ${unique()}`, body: '<p>Net 30.</p>' });
    for (const id of ['no-such-policy', 'pol_zzzzzzzz', created.slug, created.id]) {
      const error = await rejection(otherClient.policies.get(id));
      expect({ status: error.status, code: error.code, message: error.message }).toEqual({
        status: 404,
        code: 'record_not_found',
        message: 'The policy does not exist',
      });
    }
    await expectCrossStore404(otherAdmin, [
      { method: 'GET', path: `/policies/${created.id}` },
      { method: 'PATCH', path: `/policies/${created.id}`, json: { name: 'Taken over' } },
      { method: 'DELETE', path: `/policies/${created.id}` },
    ]);
    expect(await stored(created.id)).toMatchObject({ name: created.name, body: '<p>Net 30.</p>' });
  });

  it('makes a slug from the name free with -2, and refuses a slug sent that the store has', async () => {
    const name = `Gift Policy ${unique()}`;
    const first = await create({ name });
    const second = await create({ name });
    expect(second.slug).toBe(`${first.slug}-2`);

    const taken = await admin.call('POST', '/policies', {
      json: { name: 'Another', slug: first.slug },
    });
    expect(expectError(taken, 422, 'validation_error')).toEqual({
      slug: ['has already been taken'],
    });
    const unusable = await admin.call('POST', '/policies', { json: { name: 'X', slug: '***' } });
    expect(expectError(unusable, 422, 'validation_error')).toEqual({
      slug: ['slug must hold letters or digits'],
    });
    const nameless = await admin.call('POST', '/policies', { json: { body: '<p>x</p>' } });
    expect(Object.keys(expectError(nameless, 422, 'validation_error') ?? {})).toEqual(['name']);
    const notText = await admin.call('POST', '/policies', { json: { name: 'X', body: 42 } });
    expect(Object.keys(expectError(notText, 422, 'validation_error') ?? {})).toEqual(['body']);
  });

  it('lets staff change a policy’s name, slug and text, clear its text and delete it', async () => {
    const created = await create({ name: `Privacy ${unique()}` });
    const changed = await admin.call('PATCH', `/policies/${created.id}`, {
      json: { name: 'Cookie Policy', slug: 'Cookie Policy', body: '<p>We use cookies.</p>' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: created.id,
      name: 'Cookie Policy',
      slug: 'cookie-policy',
      body: 'We use cookies.',
      body_html: '<p>We use cookies.</p>',
    });
    expect(await client.policies.get('cookie-policy')).toMatchObject({ id: created.id });

    const cleared = await admin.call('PATCH', `/policies/${created.id}`, { json: { body: null } });
    expect(cleared.body).toMatchObject({ body: '', body_html: '' });
    expect(await stored(created.id)).toMatchObject({ body: null });

    const shown = await admin.call('GET', `/policies/${created.id}`);
    expect(shown.body).toEqual(cleared.body);
    const listed = await admin.call('GET', '/policies?limit=100');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual(cleared.body);

    const deleted = await admin.call('DELETE', `/policies/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(await stored(created.id)).toBeUndefined();
    const gone = await rejection(client.policies.get('cookie-policy'));
    expect(gone.status).toBe(404);
  });

  it('needs read_settings to read policies and write_settings to change them', async () => {
    const created = await create({ name: `Scoped ${unique()}` });
    for (const route of settingsRoutes('/policies', created.id)) {
      const held =
        route.scope === 'read_settings' ? ['read_orders' as const] : ['read_settings' as const];
      await expectScopeRefusals(admin, route, route.scope, held);
    }
    expect(await stored(created.id)).toMatchObject({ name: created.name });
  });

  it('lists the policy routes in the API document', async () => {
    const document = (await t.http.get('/docs/json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v3/store/policies',
        '/api/v3/store/policies/{id}',
        '/api/v3/admin/policies',
        '/api/v3/admin/policies/{id}',
      ]),
    );
  });
});
