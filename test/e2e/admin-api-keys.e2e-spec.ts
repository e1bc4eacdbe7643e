import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import { createStaffUser, insertApiKey, keyOf, storeKeyOf } from '../helpers/staff-fixtures.js';
import { bearer, keyHeader, staffLogin } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const KEYS = '/api/v3/admin/api_keys';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const SHOWN_FIELDS = [
  'created_at',
  'id',
  'key_type',
  'last_used_at',
  'name',
  'revoked_at',
  'scopes',
  'token_prefix',
];

describe('Admin API: API keys', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;
  const admin = (): Record<string, string> => keyHeader(shop.secret_key);

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    other = await t.seedStore();
  });
  afterAll(() => t.close());

  const rowOf = async (publicId: string) => {
    const [row] = await t.dataSource.query(
      'SELECT store_id::text AS store_id, name, key_type, token_digest, token_prefix, scopes, revoked_at FROM api_keys WHERE id = $1',
      [keyOf(t, ID_PREFIX.apiKey, publicId)],
    );
    return row;
  };
  const keyCount = async (storePublicId: string) => {
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM api_keys WHERE store_id = $1',
      [storeKeyOf(t, storePublicId)],
    );
    return count as number;
  };
  const create = (body: unknown, headers = admin()) => t.http.post(KEYS, body, headers);
  const patch = (path: string, headers = admin()) => t.http.request('PATCH', path, { headers });
  const remove = (path: string, headers = admin()) => t.http.request('DELETE', path, { headers });

  describe('POST /api_keys', () => {
    it('creates a secret key whose token is shown once and stored only as a keyed hash', async () => {
      const response = await create({
        name: 'Warehouse',
        key_type: 'secret',
        scopes: ['read_api_keys', 'read_orders'],
      });
      expect(response.status).toBe(201);
      const token: string = response.body.token;
      expect(response.body).toEqual({
        id: expect.stringMatching(/^key_[A-Za-z0-9]{10,}$/),
        name: 'Warehouse',
        key_type: 'secret',
        token: expect.stringMatching(/^sk_[A-Za-z0-9_-]{40}$/),
        token_prefix: token.slice(0, 11),
        scopes: ['read_api_keys', 'read_orders'],
        last_used_at: null,
        revoked_at: null,
        created_at: expect.stringMatching(ISO),
      });
      expect(await rowOf(response.body.id)).toEqual({
        store_id: storeKeyOf(t, shop.store_id),
        name: 'Warehouse',
        key_type: 'secret',
        token_digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        token_prefix: token.slice(0, 11),
        scopes: ['read_api_keys', 'read_orders'],
        revoked_at: null,
      });

      // The new key works, within its scopes only.
      expect((await t.http.get(KEYS, keyHeader(token))).status).toBe(200);
      const denied = expectError(
        await create({ name: 'x', key_type: 'secret' }, keyHeader(token)),
        403,
        'access_denied',
      );
      expect(denied).toEqual({ required_scope: 'write_api_keys' });
      const shown = await t.http.get(`${KEYS}/${response.body.id}`, admin());
      expect(shown.body.token).toBeUndefined();
    });

    it('creates a publishable key without scopes that opens the Store API', async () => {
      const response = await create({ name: 'Storefront 2', key_type: 'publishable' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ key_type: 'publishable', scopes: [] });
      expect(response.body.token).toMatch(/^pk_/);
      const products = await t.http.get(
        '/api/v3/store/products?limit=1',
        keyHeader(response.body.token),
      );
      expect(products.status).toBe(200);
      expectError(await t.http.get(KEYS, keyHeader(response.body.token)), 401, 'invalid_token');
    });

    it('keeps each scope once', async () => {
      const response = await create({
        name: 'dupes',
        key_type: 'secret',
        scopes: ['read_orders', 'read_orders'],
      });
      expect(response.status).toBe(201);
      expect(response.body.scopes).toEqual(['read_orders']);
    });

    it.each([
      [{ key_type: 'secret' }, ['name']],
      [{ name: 'x' }, ['key_type']],
      [{ name: '', key_type: 'secret' }, ['name']],
      [{ name: 'x', key_type: 'admin' }, ['key_type']],
      [{ name: 'x', key_type: 'secret', scopes: ['read_orders', 'read_everything'] }, ['scopes']],
      [{ name: 'x', key_type: 'secret', scopes: 'write_all' }, ['scopes']],
      [{ name: 'x', key_type: 'publishable', scopes: ['read_orders'] }, ['scopes']],
    ])('refuses %j with 422 validation_error naming %j, creating nothing', async (body, fields) => {
      const before = await keyCount(shop.store_id);
      const details = expectError(await create(body), 422, 'validation_error');
      expect(Object.keys(details!).sort()).toEqual(fields);
      expect(await keyCount(shop.store_id)).toBe(before);
    });

    it('refuses to grant scopes the calling key lacks: 403 with details.excess_scopes', async () => {
      const limited = await insertApiKey(t, shop.store_id, {
        scopes: ['write_api_keys', 'read_all'],
      });
      const before = await keyCount(shop.store_id);
      const details = expectError(
        await create(
          {
            name: 'escalation',
            key_type: 'secret',
            scopes: ['read_products', 'write_orders', 'write_all', 'write_api_keys'],
          },
          keyHeader(limited.token),
        ),
        403,
        'access_denied',
      );
      expect(details).toEqual({ excess_scopes: ['write_orders', 'write_all'] });
      expect(await keyCount(shop.store_id)).toBe(before);

      // Within what it holds (read_all covers every read scope), the same key may create keys.
      const allowed = await create(
        { name: 'reader', key_type: 'secret', scopes: ['read_products', 'write_api_keys'] },
        keyHeader(limited.token),
      );
      expect(allowed.status).toBe(201);
    });

    it('holds a staff caller to the scopes of their role', async () => {
      const staff = await createStaffUser(t, shop.store_id, ['write_api_keys']);
      const login = await staffLogin(t, shop.publishable_key, {
        email: staff.email,
        password: staff.password,
      });
      expect(login.status).toBe(200);
      const denied = expectError(
        await create(
          { name: 'x', key_type: 'secret', scopes: ['read_orders'] },
          bearer(login.body.token),
        ),
        403,
        'access_denied',
      );
      expect(denied).toEqual({ excess_scopes: ['read_orders'] });
      const created = await create(
        { name: 'by staff', key_type: 'secret', scopes: ['read_api_keys'] },
        bearer(login.body.token),
      );
      expect(created.status).toBe(201);
      expect((await rowOf(created.body.id)).store_id).toBe(storeKeyOf(t, shop.store_id));
    });
  });

  describe('GET /api_keys', () => {
    it('lists the store’s keys newest first, paginated, without tokens or digests', async () => {
      const fresh = await t.seedStore();
      const headers = keyHeader(fresh.secret_key);
      const created = await create({ name: 'Newest', key_type: 'secret', scopes: [] }, headers);
      const response = await t.http.get(KEYS, headers);
      expect(response.status).toBe(200);
      expect(response.body.meta).toEqual({
        page: 1,
        limit: 25,
        count: 3,
        pages: 1,
        from: 1,
        to: 3,
        in: 3,
        previous: null,
        next: null,
      });
      expect(response.body.data.map((key: any) => key.name)).toEqual([
        'Newest',
        'Demo back office',
        'Storefront',
      ]);
      for (const key of response.body.data) {
        expect(Object.keys(key).sort()).toEqual(SHOWN_FIELDS);
        expect(key.id).toMatch(/^key_/);
      }
      expect(response.body.data[0].id).toBe(created.body.id);
      expect(response.text).not.toContain(created.body.token);
      expect(response.text).not.toContain(fresh.secret_key);
      const digests = await t.dataSource.query(
        'SELECT token_digest FROM api_keys WHERE store_id = $1',
        [storeKeyOf(t, fresh.store_id)],
      );
      for (const { token_digest } of digests) expect(response.text).not.toContain(token_digest);

      const second = await t.http.get(`${KEYS}?limit=1&page=2`, headers);
      expect(second.body.meta).toEqual({
        page: 2,
        limit: 1,
        count: 3,
        pages: 3,
        from: 2,
        to: 2,
        in: 1,
        previous: 1,
        next: 3,
      });
      expect(second.body.data.map((key: any) => key.name)).toEqual(['Demo back office']);
      const past = await t.http.get(`${KEYS}?page=5`, headers);
      expect(past.body).toEqual({
        data: [],
        meta: {
          page: 5,
          limit: 25,
          count: 3,
          pages: 1,
          from: 0,
          to: 0,
          in: 0,
          previous: 1,
          next: null,
        },
      });
      expectError(await t.http.get(`${KEYS}?limit=101`, headers), 400, 'parameter_invalid');
    });

    it('records when a key was last used', async () => {
      const key = await insertApiKey(t, shop.store_id, { scopes: ['read_api_keys'] });
      const before = await t.http.get(`${KEYS}/${key.id}`, keyHeader(key.token));
      expect(before.status).toBe(200);
      let lastUsed: string | null = null;
      for (let attempt = 0; attempt < 50 && !lastUsed; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        lastUsed = (await t.http.get(`${KEYS}/${key.id}`, admin())).body.last_used_at;
      }
      expect(lastUsed).toMatch(ISO);
    });
  });

  describe('GET /api_keys/:id', () => {
    it('shows one key', async () => {
      const key = await insertApiKey(t, shop.store_id, { scopes: ['read_orders'] });
      const response = await t.http.get(`${KEYS}/${key.id}`, admin());
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: key.id,
        name: 'test secret read_orders',
        key_type: 'secret',
        token_prefix: key.token.slice(0, 11),
        scopes: ['read_orders'],
        last_used_at: null,
        revoked_at: null,
        created_at: expect.stringMatching(ISO),
      });
    });

    it.each(['nope', 'key_', 'prod_GqTq1Akdd1', 'key_000000000000000000000000000000000'])(
      'answers 404 record_not_found for %s',
      async (id) => {
        expectError(await t.http.get(`${KEYS}/${id}`, admin()), 404, 'record_not_found');
      },
    );

    it('answers 404 for a well-formed id of no key', async () => {
      const unknown = new PublicIdCodec(t.config.ID_ALPHABET).encode(ID_PREFIX.apiKey, 2 ** 40);
      expectError(await t.http.get(`${KEYS}/${unknown}`, admin()), 404, 'record_not_found');
    });
  });

  describe('PATCH /api_keys/:id/revoke', () => {
    it('revokes a key, which this instance refuses at once, even though it was cached', async () => {
      const key = await insertApiKey(t, shop.store_id, { scopes: ['read_api_keys'] });
      expect((await t.http.get(KEYS, keyHeader(key.token))).status).toBe(200);

      const response = await patch(`${KEYS}/${key.id}/revoke`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: key.id, revoked_at: expect.stringMatching(ISO) });
      expect((await rowOf(key.id)).revoked_at).toEqual(new Date(response.body.revoked_at));
      expectError(await t.http.get(KEYS, keyHeader(key.token)), 401, 'invalid_token');

      const again = await patch(`${KEYS}/${key.id}/revoke`);
      expect(again.status).toBe(200);
      expect(again.body.revoked_at).toBe(response.body.revoked_at);
      const listed = await t.http.get(`${KEYS}/${key.id}`, admin());
      expect(listed.body.revoked_at).toBe(response.body.revoked_at);
    });

    it('lets a key revoke itself', async () => {
      const key = await insertApiKey(t, shop.store_id, { scopes: ['write_api_keys'] });
      expect((await patch(`${KEYS}/${key.id}/revoke`, keyHeader(key.token))).status).toBe(200);
      expectError(await t.http.get(KEYS, keyHeader(key.token)), 401, 'invalid_token');
    });
  });

  describe('DELETE /api_keys/:id', () => {
    it('deletes a key, which stops working at once', async () => {
      const key = await insertApiKey(t, shop.store_id, { scopes: ['read_api_keys'] });
      expect((await t.http.get(KEYS, keyHeader(key.token))).status).toBe(200);

      const response = await remove(`${KEYS}/${key.id}`);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect(await rowOf(key.id)).toBeUndefined();
      expectError(await t.http.get(KEYS, keyHeader(key.token)), 401, 'invalid_token');
      expectError(await t.http.get(`${KEYS}/${key.id}`, admin()), 404, 'record_not_found');
      expectError(await remove(`${KEYS}/${key.id}`), 404, 'record_not_found');
    });
  });

  it('is documented in the OpenAPI document, with the create body', async () => {
    const document = (await t.http.get('/docs/json')).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v3/admin/api_keys',
        '/api/v3/admin/api_keys/{id}',
        '/api/v3/admin/api_keys/{id}/revoke',
        '/api/v3/admin/auth/login',
        '/api/v3/admin/me',
      ]),
    );
    expect(document.paths['/api/v3/admin/api_keys'].post.security).toEqual(
      expect.arrayContaining([{ 'secret-key': [] }, { jwt: [] }]),
    );
    expect(document.components.schemas.CreateApiKeyBody.required).toEqual(['name', 'key_type']);
  });

  describe('store isolation', () => {
    it('never shows, revokes or deletes another store’s key: 404 record_not_found', async () => {
      const key = await insertApiKey(t, shop.store_id, { scopes: ['read_api_keys'] });
      const intruder = keyHeader(other.secret_key);

      expectError(await t.http.get(`${KEYS}/${key.id}`, intruder), 404, 'record_not_found');
      expectError(await patch(`${KEYS}/${key.id}/revoke`, intruder), 404, 'record_not_found');
      expectError(await remove(`${KEYS}/${key.id}`, intruder), 404, 'record_not_found');
      const listed = await t.http.get(`${KEYS}?limit=100`, intruder);
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((item: any) => item.id)).not.toContain(key.id);
      expect(listed.body.meta.count).toBe(await keyCount(other.store_id));

      expect((await rowOf(key.id)).revoked_at).toBeNull();
      expect((await t.http.get(KEYS, keyHeader(key.token))).status).toBe(200);
    });
  });
});
