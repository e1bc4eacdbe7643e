import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { issueSecretKey, staffToken } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { adminEndpoints, WEBHOOK_ADMIN_ROUTES } from '../helpers/staff-admin-endpoints.js';
import type { TestApp } from '../helpers/test-app.js';
import { startWebhooksTestApp, WebhookAdmin } from '../helpers/webhook-admin.js';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('Admin API: webhook endpoints', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let hooks: WebhookAdmin;

  beforeAll(async () => {
    t = await startWebhooksTestApp();
    shop = await t.seedStore();
    hooks = new WebhookAdmin(t, shop);
  });
  afterAll(() => t.close());

  const storedRow = async (publicId: string) => {
    const [row] = await t.dataSource.query(
      'SELECT row_to_json(e)::text AS json, secret_ciphertext FROM webhook_endpoints e WHERE id = $1',
      [hooks.key(publicId)],
    );
    return row as { json: string; secret_ciphertext: string } | undefined;
  };

  it('declares every webhook route with its scope', () => {
    const found = Object.fromEntries(
      adminEndpoints(t.app).map((route) => [`${route.method} ${route.path}`, route.scope]),
    );
    expect(found).toMatchObject(WEBHOOK_ADMIN_ROUTES);
  });

  describe('POST /webhook_endpoints', () => {
    it('creates an endpoint: 201 in the v3 shape, with its 64-hex signing secret', async () => {
      const response = await hooks.call('POST', '', {
        json: {
          name: 'Order sync',
          url: 'https://hooks.example.com/store',
          subscriptions: ['order.completed', 'product.*'],
        },
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^whe_/),
        name: 'Order sync',
        url: 'https://hooks.example.com/store',
        subscriptions: ['order.completed', 'product.*'],
        enabled: true,
        consecutive_failures: 0,
        disabled_at: null,
        disabled_reason: null,
        created_at: ISO,
        updated_at: ISO,
        secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    });

    it('shows the secret on create only: never on read, list or update', async () => {
      const { endpoint, secret } = await hooks.create({ url: 'https://a.example.com/h' });
      const reads = [
        await hooks.show(endpoint.id),
        await hooks.call('GET', '?limit=100'),
        await hooks.call('PATCH', `/${endpoint.id}`, { json: { name: 'renamed' } }),
        await hooks.call('PATCH', `/${endpoint.id}/disable`),
        await hooks.call('PATCH', `/${endpoint.id}/enable`),
      ];
      for (const read of reads) {
        expect(read.status).toBe(200);
        expect(read.text).not.toContain(secret);
        expect(read.text).not.toContain('"secret');
      }
      expect(reads[0].body).toEqual(endpoint);
    });

    it('stores the secret encrypted: the hex string is nowhere in the table', async () => {
      const { endpoint, secret } = await hooks.create({ url: 'https://b.example.com/h' });
      const row = await storedRow(endpoint.id);
      expect(row!.secret_ciphertext).toMatch(/^v1\./);
      expect(row!.json).not.toContain(secret);
      const [{ everything }] = await t.dataSource.query(
        `SELECT string_agg(e::text, '') AS everything FROM webhook_endpoints e`,
      );
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(Buffer.from(secret, 'hex').toString('base64'));
    });

    it('gives every endpoint its own secret', async () => {
      const secrets = new Set<string>();
      for (let index = 0; index < 3; index += 1)
        secrets.add((await hooks.create({ url: 'https://same.example.com/h' })).secret);
      expect(secrets.size).toBe(3);
    });

    it('names an endpoint after its URL’s host unless named, and drops duplicate subscriptions', async () => {
      const { endpoint } = await hooks.create({
        url: 'http://receiver.example.com:8080/in',
        subscriptions: ['order.*', '*', 'order.*'],
      });
      expect(endpoint).toMatchObject({
        name: 'receiver.example.com:8080',
        subscriptions: ['order.*', '*'],
      });
    });

    it('can create a disabled endpoint', async () => {
      const { endpoint } = await hooks.create({ url: 'https://c.example.com/h', enabled: false });
      expect(endpoint).toMatchObject({
        enabled: false,
        disabled_at: ISO,
        disabled_reason: 'Disabled by staff',
      });
    });

    it('answers an empty body with 422 validation_error naming url and subscriptions', async () => {
      const details = expectError(await hooks.call('POST', ''), 422, 'validation_error');
      expect(details).toEqual({
        url: ['url is required'],
        subscriptions: ['subscriptions is required'],
      });
    });

    it.each([
      ['ftp://files.example.com/in'],
      ['javascript:alert(1)'],
      ['not a url'],
      ['/relative/path'],
      ['mailto:ops@example.com'],
      [42],
      [null],
    ])('refuses url %p: 422 with details.url', async (url) => {
      const details = expectError(
        await hooks.call('POST', '', { json: { url, subscriptions: ['*'] } }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!)).toEqual(['url']);
    });

    it.each([
      [[]],
      ['order.completed'],
      [['order.']],
      [['.order']],
      [['order completed']],
      [['**']],
      [['order.*.x']],
      [[42]],
      [['x'.repeat(300)]],
      [null],
    ])('refuses subscriptions %p: 422 with details.subscriptions', async (subscriptions) => {
      const details = expectError(
        await hooks.call('POST', '', {
          json: { url: 'https://d.example.com/h', subscriptions },
        }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!)).toEqual(['subscriptions']);
    });

    it('refuses an empty name and a non-boolean enabled', async () => {
      const details = expectError(
        await hooks.call('POST', '', {
          json: { url: 'https://e.example.com/h', subscriptions: ['*'], name: '', enabled: 'yes' },
        }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!).sort()).toEqual(['enabled', 'name']);
    });
  });

  describe('GET /webhook_endpoints', () => {
    it('lists the store’s endpoints newest first, paginated, and no other store’s', async () => {
      const other = new WebhookAdmin(t, await t.seedStore());
      const made = [];
      for (const host of ['one', 'two', 'three'])
        made.push((await other.create({ url: `https://${host}.example.com/h` })).endpoint);
      const page1 = await other.call('GET', '?limit=2');
      expect(page1.status).toBe(200);
      expect(page1.body).toEqual({
        data: [made[2], made[1]],
        meta: {
          page: 1,
          limit: 2,
          count: 3,
          pages: 2,
          from: 1,
          to: 2,
          in: 2,
          previous: null,
          next: 2,
        },
      });
      expect((await other.call('GET', '?limit=2&page=2')).body.data).toEqual([made[0]]);
      const mine = await hooks.call('GET', '?limit=100');
      const mineIds = mine.body.data.map((endpoint: { id: string }) => endpoint.id);
      for (const endpoint of made) expect(mineIds).not.toContain(endpoint.id);
    });
  });

  describe('GET, PATCH, DELETE /webhook_endpoints/:id', () => {
    it('PATCH changes name, url and subscriptions', async () => {
      const { endpoint } = await hooks.create({ url: 'https://f.example.com/h' });
      const response = await hooks.call('PATCH', `/${endpoint.id}`, {
        json: { name: 'Fulfilment', url: 'https://g.example.com/in', subscriptions: ['*'] },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...endpoint,
        name: 'Fulfilment',
        url: 'https://g.example.com/in',
        subscriptions: ['*'],
        updated_at: ISO,
      });
      expect(await hooks.endpoint(endpoint.id)).toEqual(response.body);
    });

    it('PATCH validates what it is sent', async () => {
      const { endpoint } = await hooks.create({ url: 'https://h.example.com/h' });
      const details = expectError(
        await hooks.call('PATCH', `/${endpoint.id}`, {
          json: { url: 'gopher://h.example.com', subscriptions: [] },
        }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!).sort()).toEqual(['subscriptions', 'url']);
      expect(await hooks.endpoint(endpoint.id)).toEqual(endpoint);
    });

    it('DELETE answers 204, then the endpoint is gone', async () => {
      const { endpoint } = await hooks.create({ url: 'https://i.example.com/h' });
      const response = await hooks.call('DELETE', `/${endpoint.id}`);
      expect(response.status).toBe(204);
      expect(await storedRow(endpoint.id)).toBeUndefined();
      expectError(await hooks.show(endpoint.id), 404, 'record_not_found');
      expectError(await hooks.call('DELETE', `/${endpoint.id}`), 404, 'record_not_found');
    });

    it.each([['whe_doesnotexist'], ['42'], ['cus_k3G7QAe51F']])(
      'answers 404 record_not_found for %p',
      async (id) => {
        for (const [method, path] of [
          ['GET', ''],
          ['PATCH', ''],
          ['DELETE', ''],
          ['PATCH', '/enable'],
          ['PATCH', '/disable'],
          ['POST', '/send_test'],
          ['GET', '/deliveries'],
        ]) {
          expectError(
            await hooks.call(method, `/${id}${path}`, {
              json: method === 'PATCH' ? {} : undefined,
            }),
            404,
            'record_not_found',
          );
        }
      },
    );

    it('treats another store’s endpoint as missing', async () => {
      const other = new WebhookAdmin(t, await t.seedStore());
      const { endpoint } = await other.create({ url: 'https://j.example.com/h' });
      expectError(await hooks.show(endpoint.id), 404, 'record_not_found');
      expectError(
        await hooks.call('PATCH', `/${endpoint.id}`, { json: { name: 'mine now' } }),
        404,
        'record_not_found',
      );
      expectError(await hooks.call('DELETE', `/${endpoint.id}`), 404, 'record_not_found');
      expectError(await hooks.sendTest(endpoint.id), 404, 'record_not_found');
      expect((await other.endpoint(endpoint.id)).name).toBe(endpoint.name);
    });
  });

  describe('PATCH /webhook_endpoints/:id/enable and /disable', () => {
    it('disable records when and why; disabling again keeps the first record', async () => {
      const { endpoint } = await hooks.create({ url: 'https://k.example.com/h' });
      const disabled = await hooks.call('PATCH', `/${endpoint.id}/disable`);
      expect(disabled.status).toBe(200);
      expect(disabled.body).toMatchObject({
        enabled: false,
        disabled_at: ISO,
        disabled_reason: 'Disabled by staff',
      });
      const again = await hooks.call('PATCH', `/${endpoint.id}/disable`);
      expect(again.body.disabled_at).toBe(disabled.body.disabled_at);
    });

    it('enable starts afresh: failure count zero, disabled_at and reason cleared', async () => {
      const { endpoint } = await hooks.create({ url: 'https://l.example.com/h' });
      await t.dataSource.query(
        `UPDATE webhook_endpoints SET enabled = false, consecutive_failures = 15,
         disabled_at = now(), disabled_reason = 'Disabled after 15 consecutive failed deliveries'
         WHERE id = $1`,
        [hooks.key(endpoint.id)],
      );
      const response = await hooks.call('PATCH', `/${endpoint.id}/enable`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        enabled: true,
        consecutive_failures: 0,
        disabled_at: null,
        disabled_reason: null,
      });
    });

    it('PATCH with enabled does the same', async () => {
      const { endpoint } = await hooks.create({ url: 'https://m.example.com/h' });
      const off = await hooks.call('PATCH', `/${endpoint.id}`, { json: { enabled: false } });
      expect(off.body).toMatchObject({ enabled: false, disabled_reason: 'Disabled by staff' });
      const on = await hooks.call('PATCH', `/${endpoint.id}`, { json: { enabled: true } });
      expect(on.body).toMatchObject({ enabled: true, disabled_at: null, disabled_reason: null });
    });
  });

  describe('scopes', () => {
    it('read_webhooks reads but does not write: 403 access_denied naming write_webhooks', async () => {
      const { endpoint } = await hooks.create({ url: 'https://n.example.com/h' });
      const headers = { 'x-store-api-key': await issueSecretKey(t, shop, ['read_webhooks']) };
      expect((await hooks.call('GET', '', { headers })).status).toBe(200);
      expect((await hooks.call('GET', `/${endpoint.id}`, { headers })).status).toBe(200);
      expect((await hooks.call('GET', `/${endpoint.id}/deliveries`, { headers })).status).toBe(200);
      for (const [method, path] of [
        ['POST', ''],
        ['PATCH', `/${endpoint.id}`],
        ['DELETE', `/${endpoint.id}`],
        ['PATCH', `/${endpoint.id}/disable`],
        ['POST', `/${endpoint.id}/send_test`],
      ]) {
        const details = expectError(
          await hooks.call(method, path, { headers, json: {} }),
          403,
          'access_denied',
        );
        expect(details).toEqual({ required_scope: 'write_webhooks' });
      }
    });

    it('a key without a webhooks scope cannot even read: 403 naming read_webhooks', async () => {
      const headers = { 'x-store-api-key': await issueSecretKey(t, shop, ['write_orders']) };
      const details = expectError(await hooks.call('GET', '', { headers }), 403, 'access_denied');
      expect(details).toEqual({ required_scope: 'read_webhooks' });
    });

    it('a staff token holding write_webhooks manages endpoints', async () => {
      const token = await staffToken(t, shop, ['write_webhooks']);
      const response = await hooks.call('POST', '', {
        headers: { authorization: `Bearer ${token}` },
        json: { url: 'https://o.example.com/h', subscriptions: ['*'] },
      });
      expect(response.status).toBe(201);
      expect(response.body.secret).toMatch(/^[0-9a-f]{64}$/);
    });
  });
});
