import { randomBytes } from 'node:crypto';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { createApiKeyCommand } from '../../src/modules/staff/operator/create-api-key.command.js';
import { createStaffUserCommand } from '../../src/modules/staff/operator/create-staff-user.command.js';
import {
  OperatorInputError,
  type StaffCommandInput,
} from '../../src/modules/staff/operator/operator-input.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import { keyOf, storeKeyOf } from '../helpers/staff-fixtures.js';
import { keyHeader, staffLogin } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('operator commands (what `store-cli api-keys create` and `staff create` run)', () => {
  let t: TestApp;
  let shop: DemoCredentials;

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
  });
  afterAll(() => t.close());

  const unknownStore = () =>
    new PublicIdCodec(t.config.ID_ALPHABET).encode(ID_PREFIX.store, 2 ** 40);
  const count = async (sql: string, values: unknown[]) =>
    (await t.dataSource.query(sql, values))[0].count as number;

  describe('api-keys create', () => {
    const createKey = (input: Partial<Parameters<typeof createApiKeyCommand>[2]>) =>
      createApiKeyCommand(t.dataSource, t.config, {
        storePublicId: shop.store_id,
        keyType: 'secret',
        scopes: ['read_api_keys'],
        name: 'CLI key',
        ...input,
      });

    it('creates a secret key that works on the Admin API within its scopes', async () => {
      const created = await createKey({ scopes: ['read_api_keys', 'read_orders'] });
      expect(created).toEqual({
        id: expect.stringMatching(/^key_/),
        token: expect.stringMatching(/^sk_/),
        key_type: 'secret',
        scopes: ['read_api_keys', 'read_orders'],
        store_id: shop.store_id,
      });
      const [row] = await t.dataSource.query(
        'SELECT store_id::text AS store_id, name, token_digest, scopes FROM api_keys WHERE id = $1',
        [keyOf(t, ID_PREFIX.apiKey, created.id)],
      );
      expect(row).toEqual({
        store_id: storeKeyOf(t, shop.store_id),
        name: 'CLI key',
        token_digest: expect.not.stringContaining(created.token),
        scopes: ['read_api_keys', 'read_orders'],
      });
      const shown = await t.http.get(
        `/api/v3/admin/api_keys/${created.id}`,
        keyHeader(created.token),
      );
      expect(shown.status).toBe(200);
      expect(shown.body.name).toBe('CLI key');
      const denied = expectError(
        await t.http.post(
          '/api/v3/admin/api_keys',
          { name: 'x', key_type: 'secret' },
          keyHeader(created.token),
        ),
        403,
        'access_denied',
      );
      expect(denied).toEqual({ required_scope: 'write_api_keys' });
    });

    it('creates a publishable key that opens the Store API', async () => {
      const created = await createKey({ keyType: 'publishable', scopes: [] });
      expect(created).toMatchObject({ key_type: 'publishable', scopes: [] });
      expect(created.token).toMatch(/^pk_/);
      const products = await t.http.get('/api/v3/store/products?limit=1', keyHeader(created.token));
      expect(products.status).toBe(200);
    });

    it('refuses a store that does not exist, creating nothing', async () => {
      const name = `ghost-${randomBytes(4).toString('hex')}`;
      for (const storePublicId of [unknownStore(), 'store_nope', 'prod_GqTq1Akdd1']) {
        await expect(createKey({ storePublicId, name })).rejects.toThrow(
          new OperatorInputError(`No store with id ${storePublicId}`),
        );
      }
      expect(
        await count('SELECT count(*)::int AS count FROM api_keys WHERE name = $1', [name]),
      ).toBe(0);
    });
  });

  describe('staff create', () => {
    const email = () => `ops-${randomBytes(4).toString('hex')}@example.com`;
    const createStaff = (input: Partial<StaffCommandInput>) =>
      createStaffUserCommand(t.dataSource, t.config, {
        storePublicId: shop.store_id,
        email: email(),
        roleName: 'admin',
        ...input,
      });
    const roleOf = async (storePublicId: string, name: string) => {
      const [role] = await t.dataSource.query(
        'SELECT scopes FROM roles WHERE store_id = $1 AND name = $2',
        [storeKeyOf(t, storePublicId), name],
      );
      return role as { scopes: string[] } | undefined;
    };
    const signIn = (address: string, password: string) =>
      staffLogin(t, shop.publishable_key, { email: address, password });

    it('creates an admin with a generated password, shown once, that signs in', async () => {
      const created = await createStaff({});
      expect(created).toEqual({
        id: expect.stringMatching(/^admin_/),
        email: created.email,
        role: 'admin',
        scopes: ['write_all'],
        store_id: shop.store_id,
        password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      });
      const [row] = await t.dataSource.query(
        'SELECT password_digest FROM staff_users WHERE id = $1',
        [keyOf(t, ID_PREFIX.staffUser, created.id)],
      );
      expect(row.password_digest).toMatch(/^scrypt\$/);
      expect(row.password_digest).not.toContain(created.password);
      const session = await signIn(created.email, created.password!);
      expect(session.status).toBe(200);
      expect(session.body.user).toMatchObject({
        id: created.id,
        role: { name: 'admin', scopes: ['write_all'] },
      });
    });

    it('keeps a given password to itself and stores the e-mail lower-cased', async () => {
      const address = email();
      const created = await createStaff({
        email: address.toUpperCase(),
        password: 'a-given-password',
      });
      expect(created.password).toBeUndefined();
      expect(JSON.stringify(created)).not.toContain('a-given-password');
      expect(created.email).toBe(address);
      expect((await signIn(address, 'a-given-password')).status).toBe(200);
    });

    it('creates the admin role with write_all in a store that has none', async () => {
      const [{ id }] = await t.dataSource.query(
        `INSERT INTO stores (name, code, default_currency, supported_currencies)
         VALUES ('Bare', $1, 'USD', '{USD}') RETURNING id::text AS id`,
        [`bare-${randomBytes(4).toString('hex')}`],
      );
      const bare = new PublicIdCodec(t.config.ID_ALPHABET).encode(ID_PREFIX.store, id);
      const created = await createStaff({ storePublicId: bare });
      expect(created.scopes).toEqual(['write_all']);
      expect(await roleOf(bare, 'admin')).toEqual({ scopes: ['write_all'] });
    });

    it('creates another role only with --scopes, then reuses it as it is', async () => {
      const role = `support-${randomBytes(3).toString('hex')}`;
      await expect(createStaff({ roleName: role })).rejects.toThrow(
        `Role ${role} does not exist in ${shop.store_id}: give --scopes to create it`,
      );
      expect(await roleOf(shop.store_id, role)).toBeUndefined();

      const first = await createStaff({
        roleName: role,
        scopes: ['read_orders', 'write_customers'],
      });
      expect(first).toMatchObject({ role, scopes: ['read_orders', 'write_customers'] });
      const second = await createStaff({ roleName: role });
      expect(second.scopes).toEqual(['read_orders', 'write_customers']);
      const same = await createStaff({
        roleName: role,
        scopes: ['write_customers', 'read_orders'],
      });
      expect(same.role).toBe(role);
      await expect(createStaff({ roleName: role, scopes: ['write_all'] })).rejects.toThrow(
        OperatorInputError,
      );
      expect(await roleOf(shop.store_id, role)).toEqual({
        scopes: ['read_orders', 'write_customers'],
      });
      const session = await signIn(second.email, second.password!);
      expect(session.body.user.role).toEqual({
        name: role,
        scopes: ['read_orders', 'write_customers'],
      });
    });

    it('refuses a taken e-mail (any case), creating neither user nor role', async () => {
      const role = `auditor-${randomBytes(3).toString('hex')}`;
      const usersBefore = await count(
        'SELECT count(*)::int AS count FROM staff_users WHERE store_id = $1',
        [storeKeyOf(t, shop.store_id)],
      );
      await expect(
        createStaff({
          email: shop.admin.email.toUpperCase(),
          roleName: role,
          scopes: ['read_all'],
        }),
      ).rejects.toThrow(
        new OperatorInputError(
          `A staff user with e-mail ${shop.admin.email} already exists in ${shop.store_id}`,
        ),
      );
      expect(await roleOf(shop.store_id, role)).toBeUndefined();
      expect(
        await count('SELECT count(*)::int AS count FROM staff_users WHERE store_id = $1', [
          storeKeyOf(t, shop.store_id),
        ]),
      ).toBe(usersBefore);
    });

    it('refuses a store that does not exist', async () => {
      await expect(createStaff({ storePublicId: unknownStore() })).rejects.toThrow(
        `No store with id ${unknownStore()}`,
      );
    });
  });
});
