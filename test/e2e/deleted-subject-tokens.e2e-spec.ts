import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { AccessTokensService } from '../../src/modules/auth/access-tokens.service.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  AdminCaller,
  StoreCaller,
  startCustomersTestApp,
  type RegisteredCustomer,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { createStaffUser, keyOf, storeKeyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * An access token stays valid for its lifetime; when its customer or staff user is gone (or the
 * user deactivated) before that, the token is refused as invalid rather than acting for nobody.
 */
describe('access tokens of deleted or deactivated subjects', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let store: StoreCaller;
  let admin: AdminCaller;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    store = new StoreCaller(t, shop);
    admin = new AdminCaller(t, shop);
  });
  afterAll(() => t.close());

  const orderCount = async (customer: RegisteredCustomer) => {
    const [row] = await t.dataSource.query<{ count: number }[]>(
      'SELECT count(*)::int AS count FROM orders WHERE customer_id = $1',
      [keyOf(t, ID_PREFIX.customer, customer.id)],
    );
    return row.count;
  };

  describe('a customer deleted by staff', () => {
    let customer: RegisteredCustomer;

    beforeAll(async () => {
      customer = await store.register();
      // Used first, so that a remembered "still there" has to be forgotten.
      expect((await store.call('GET', '/customers/me', { token: customer.token })).status).toBe(
        200,
      );
      expect((await admin.call('DELETE', `/customers/${customer.id}`)).status).toBe(204);
    });

    it('cannot start a cart: 401 invalid_token, no order stored', async () => {
      const response = await store.call('POST', '/carts', { token: customer.token, json: {} });
      expectError(response, 401, 'invalid_token');
      expect(await orderCount(customer)).toBe(0);
    });

    it('cannot read its account: 401 invalid_token', async () => {
      expectError(
        await store.call('GET', '/customers/me', { token: customer.token }),
        401,
        'invalid_token',
      );
    });

    it('is refused on the Storefront API too: 401 invalid_token', async () => {
      const response = await t.http.get('/api/v2/storefront/account', {
        'x-store-api-key': shop.publishable_key,
        authorization: `Bearer ${customer.token}`,
      });
      expectError(response, 401, 'invalid_token');
    });
  });

  it('a customer that still exists keeps using its token', async () => {
    const customer = await store.register();
    const response = await store.call('POST', '/carts', { token: customer.token, json: {} });
    expect(response.status).toBe(201);
    expect(await orderCount(customer)).toBe(1);
  });

  describe('staff users', () => {
    async function signedInStaff() {
      const user = await createStaffUser(t, shop.store_id, ['read_products']);
      const token = t.app.get(AccessTokensService).issue({
        subject: 'staff',
        storeId: storeKeyOf(t, shop.store_id),
        subjectId: keyOf(t, ID_PREFIX.staffUser, user.id),
        scopes: ['read_products'],
      }).token;
      const call = () => t.http.get('/api/v3/admin/products', { authorization: `Bearer ${token}` });
      expect((await call()).status).toBe(200);
      return { user, call };
    }

    it('deleted: its token is refused with 401 invalid_token', async () => {
      const { user, call } = await signedInStaff();
      expect((await admin.call('DELETE', `/staff_users/${user.id}`)).status).toBe(204);
      expectError(await call(), 401, 'invalid_token');
      const [row] = await t.dataSource.query<{ count: number }[]>(
        'SELECT count(*)::int AS count FROM staff_users WHERE id = $1',
        [keyOf(t, ID_PREFIX.staffUser, user.id)],
      );
      expect(row.count).toBe(0);
    });

    it('deactivated: refused with 401 invalid_token; reactivated: admitted again', async () => {
      const { user, call } = await signedInStaff();
      const deactivated = await admin.call('PATCH', `/staff_users/${user.id}`, {
        json: { active: false },
      });
      expect(deactivated.status).toBe(200);
      expectError(await call(), 401, 'invalid_token');
      const reactivated = await admin.call('PATCH', `/staff_users/${user.id}`, {
        json: { active: true },
      });
      expect(reactivated.status).toBe(200);
      expect((await call()).status).toBe(200);
    });
  });
});
