import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { Scope } from '../../src/modules/auth/scopes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { staffToken } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { insertApiKey, keyOf } from '../helpers/staff-fixtures.js';
import { bearer, keyHeader } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ADMIN = '/api/v3/admin';

/**
 * Taking a key or a role away needs what it holds: a caller with `write_api_keys` (or
 * `write_settings`) alone cannot revoke, delete or change a wider key or role, which would lock
 * out the integration or the staff relying on it.
 */
describe('Admin API: managing keys and roles needs every scope they hold', () => {
  let t: TestApp;
  let shop: DemoCredentials;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_SECRET_KEY_PER_MINUTE: '100000' } });
    shop = await t.seedStore();
  });
  afterAll(() => t.close());

  const call = (method: string, path: string, headers: Record<string, string>, json?: unknown) =>
    t.http.request(method, `${ADMIN}${path}`, { headers, json });
  const keyWith = (scopes: Scope[]) => insertApiKey(t, shop.store_id, { scopes });
  const storedKey = async (publicId: string) =>
    (
      await t.dataSource.query('SELECT scopes, revoked_at FROM api_keys WHERE id = $1', [
        keyOf(t, ID_PREFIX.apiKey, publicId),
      ])
    )[0] as { scopes: string[]; revoked_at: Date | null } | undefined;
  const storedRole = async (publicId: string) =>
    (
      await t.dataSource.query('SELECT name, scopes FROM roles WHERE id = $1', [
        keyOf(t, ID_PREFIX.role, publicId),
      ])
    )[0] as { name: string; scopes: string[] } | undefined;
  const expectDenied = (response: Awaited<ReturnType<typeof call>>, scope: Scope) =>
    expect(expectError(response, 403, 'access_denied')).toMatchObject({ required_scope: scope });

  describe('API keys', () => {
    it('a write_api_keys key cannot revoke or delete a write_all key: 403, the key unchanged and working', async () => {
      const manager = keyHeader((await keyWith(['write_api_keys'])).token);
      const main = await keyWith(['write_all']);

      expectDenied(await call('PATCH', `/api_keys/${main.id}/revoke`, manager), 'write_all');
      expectDenied(await call('DELETE', `/api_keys/${main.id}`, manager), 'write_all');

      expect(await storedKey(main.id)).toEqual({ scopes: ['write_all'], revoked_at: null });
      expect((await call('GET', '/orders', keyHeader(main.token))).status).toBe(200);
    });

    it('names the first scope the caller lacks, of a key wider in several ways', async () => {
      const manager = keyHeader((await keyWith(['write_api_keys', 'read_orders'])).token);
      const wider = await keyWith(['read_orders', 'write_products', 'write_webhooks']);
      const response = await call('PATCH', `/api_keys/${wider.id}/revoke`, manager);
      expect(expectError(response, 403, 'access_denied')).toEqual({
        required_scope: 'write_products',
        excess_scopes: ['write_products', 'write_webhooks'],
      });
      expect((await storedKey(wider.id))!.revoked_at).toBeNull();
    });

    it('a staff token is held to the same rule', async () => {
      const main = await keyWith(['write_all']);
      const staff = bearer(await staffToken(t, shop, ['write_api_keys']));
      expectDenied(await call('PATCH', `/api_keys/${main.id}/revoke`, staff), 'write_all');
      expectDenied(await call('DELETE', `/api_keys/${main.id}`, staff), 'write_all');
      expect(await storedKey(main.id)).toEqual({ scopes: ['write_all'], revoked_at: null });
    });

    it('manages keys within its scopes: revokes and deletes them, and publishable keys', async () => {
      const manager = keyHeader((await keyWith(['write_api_keys', 'write_orders'])).token);
      const narrower = await keyWith(['read_orders', 'read_api_keys']);
      const revoked = await call('PATCH', `/api_keys/${narrower.id}/revoke`, manager);
      expect(revoked.status).toBe(200);
      expect(revoked.body.revoked_at).toEqual(expect.any(String));
      expect((await storedKey(narrower.id))!.revoked_at).toEqual(new Date(revoked.body.revoked_at));
      expectError(await call('GET', '/orders', keyHeader(narrower.token)), 401, 'invalid_token');

      const same = await keyWith(['write_orders']);
      expect((await call('DELETE', `/api_keys/${same.id}`, manager)).status).toBe(204);
      expect(await storedKey(same.id)).toBeUndefined();

      const publishable = await insertApiKey(t, shop.store_id, { keyType: 'publishable' });
      expect((await call('DELETE', `/api_keys/${publishable.id}`, manager)).status).toBe(204);
      expect(await storedKey(publishable.id)).toBeUndefined();
    });

    it('a write_all key manages any key, and a key may revoke or delete itself', async () => {
      const wide = await keyWith(['write_all']);
      const target = await keyWith(['write_all']);
      expect((await call('DELETE', `/api_keys/${target.id}`, keyHeader(wide.token))).status).toBe(
        204,
      );

      const self = await keyWith(['write_api_keys']);
      const own = await call('PATCH', `/api_keys/${self.id}/revoke`, keyHeader(self.token));
      expect(own.status).toBe(200);
      expect((await storedKey(self.id))!.revoked_at).not.toBeNull();
      const deleting = await keyWith(['write_api_keys', 'read_orders']);
      expect(
        (await call('DELETE', `/api_keys/${deleting.id}`, keyHeader(deleting.token))).status,
      ).toBe(204);
      expect(await storedKey(deleting.id)).toBeUndefined();
    });
  });

  describe('roles', () => {
    const createRole = async (scopes: Scope[]) => {
      const name = `role-${Math.random().toString(36).slice(2, 10)}`;
      const response = await call('POST', '/roles', keyHeader(shop.secret_key), { name, scopes });
      expect(response.status).toBe(201);
      return response.body as { id: string; name: string };
    };

    it('a write_settings caller cannot rename, change or delete a wider role: 403, the role unchanged', async () => {
      const role = await createRole(['write_all']);
      for (const caller of [
        keyHeader((await keyWith(['write_settings'])).token),
        bearer(await staffToken(t, shop, ['write_settings'])),
      ]) {
        expectDenied(
          await call('PATCH', `/roles/${role.id}`, caller, { name: 'taken-over' }),
          'write_all',
        );
        expectDenied(
          await call('PATCH', `/roles/${role.id}`, caller, { scopes: ['read_orders'] }),
          'write_all',
        );
        expectDenied(await call('DELETE', `/roles/${role.id}`, caller), 'write_all');
      }
      expect(await storedRole(role.id)).toEqual({ name: role.name, scopes: ['write_all'] });
    });

    it('nor give a role scopes it lacks', async () => {
      const role = await createRole(['read_orders']);
      const caller = keyHeader((await keyWith(['write_settings', 'read_orders'])).token);
      expectDenied(
        await call('PATCH', `/roles/${role.id}`, caller, { scopes: ['write_orders'] }),
        'write_orders',
      );
      expect(await storedRole(role.id)).toEqual({ name: role.name, scopes: ['read_orders'] });
    });

    it('changes and deletes roles within its scopes', async () => {
      const caller = keyHeader((await keyWith(['write_settings', 'write_orders'])).token);
      const role = await createRole(['read_orders']);
      const changed = await call('PATCH', `/roles/${role.id}`, caller, {
        name: `${role.name}-renamed`,
        scopes: ['write_orders'],
      });
      expect(changed.status).toBe(200);
      expect(await storedRole(role.id)).toEqual({
        name: `${role.name}-renamed`,
        scopes: ['write_orders'],
      });
      expect((await call('DELETE', `/roles/${role.id}`, caller)).status).toBe(204);
      expect(await storedRole(role.id)).toBeUndefined();
    });
  });
});
