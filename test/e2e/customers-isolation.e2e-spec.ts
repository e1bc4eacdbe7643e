import { AccessTokensService } from '../../src/modules/auth/access-tokens.service.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  AdminCaller,
  Ids,
  type RegisteredCustomer,
  startCustomersTestApp,
  StoreCaller,
  MINIMAL_ADDRESS,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

describe('customers: one store never reaches another', () => {
  let t: TestApp;
  let shopA: DemoCredentials;
  let shopB: DemoCredentials;
  let storeA: StoreCaller;
  let storeB: StoreCaller;
  let adminB: AdminCaller;
  let ids: Ids;
  let alice: RegisteredCustomer;
  let bob: RegisteredCustomer;
  let aliceAddressId: string;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    [shopA, shopB] = [await t.seedStore(), await t.seedStore()];
    storeA = new StoreCaller(t, shopA);
    storeB = new StoreCaller(t, shopB);
    adminB = new AdminCaller(t, shopB);
    ids = new Ids(t);
    alice = await storeA.register({ first_name: 'Alice' });
    bob = await storeB.register({ first_name: 'Bob' });
    const address = await storeA.call('POST', '/account/addresses', {
      token: alice.token,
      json: MINIMAL_ADDRESS,
    });
    aliceAddressId = address.body.id;
  });
  afterAll(() => t.close());

  const aliceRow = async () => {
    const [row] = await t.dataSource.query(
      'SELECT email, first_name, anonymized_at FROM customers WHERE id = $1',
      [ids.customer(alice.id)],
    );
    return row;
  };

  it('store B’s secret key cannot read or change store A’s customers: 404 record_not_found', async () => {
    for (const [method, path, json] of [
      ['GET', `/customers/${alice.id}`, undefined],
      ['PATCH', `/customers/${alice.id}`, { first_name: 'Mallory' }],
      ['POST', `/customers/${alice.id}/anonymize`, undefined],
      ['DELETE', `/customers/${alice.id}`, undefined],
    ] as const) {
      const response = await adminB.call(method, path, { json });
      expectError(response, 404, 'record_not_found');
      expect(response.text).not.toContain(alice.email);
    }
    expect(await aliceRow()).toEqual({
      email: alice.email,
      first_name: 'Alice',
      anonymized_at: null,
    });
  });

  it('store B’s customer list never shows store A’s customers', async () => {
    const byEmail = await adminB.call('GET', `/customers?email=${encodeURIComponent(alice.email)}`);
    expect(byEmail.body.meta.count).toBe(0);
    const all = await adminB.call('GET', '/customers?limit=100');
    expect(all.body.data.map((customer: { id: string }) => customer.id)).toEqual([bob.id]);
  });

  it('store B’s customer cannot reach store A’s addresses: 404 record_not_found', async () => {
    for (const [method, json] of [
      ['GET', undefined],
      ['PATCH', { city: 'Elsewhere' }],
      ['DELETE', undefined],
    ] as const) {
      expectError(
        await storeB.call(method, `/account/addresses/${aliceAddressId}`, {
          token: bob.token,
          json,
        }),
        404,
        'record_not_found',
      );
    }
    const [address] = await t.dataSource.query('SELECT city FROM addresses WHERE id = $1', [
      ids.address(aliceAddressId),
    ]);
    expect(address).toEqual({ city: 'London' });
  });

  it('a customer token of store A with store B’s publishable key: 401 invalid_token', async () => {
    for (const path of [
      '/customers/me',
      '/account/addresses',
      `/account/addresses/${aliceAddressId}`,
    ]) {
      const response = await storeB.call('GET', path, { token: alice.token });
      expectError(response, 401, 'invalid_token');
    }
    expectError(
      await storeB.call('PATCH', '/customers/me', {
        token: alice.token,
        json: { first_name: 'X' },
      }),
      401,
      'invalid_token',
    );
    expect((await aliceRow()).first_name).toBe('Alice');
  });

  it('store A’s credentials do not sign in at store B: 401 authentication_failed', async () => {
    expectError(await storeB.login(alice.email, alice.password), 401, 'authentication_failed');
  });

  it('a refresh token of store A is refused at store B, and that sign-in ends', async () => {
    const liveTokens = async () => {
      const [{ live }] = await t.dataSource.query(
        `SELECT count(*)::int AS live FROM refresh_tokens
         WHERE subject_type = 'customer' AND subject_id = $1 AND revoked_at IS NULL`,
        [ids.customer(alice.id)],
      );
      return live;
    };
    const before = await liveTokens();
    const login = await storeA.login(alice.email, alice.password);
    expect(await liveTokens()).toBe(before + 1);
    expectError(await storeB.refresh(login.body.refresh_token), 401, 'invalid_refresh_token');
    expect(await liveTokens()).toBe(before);
    expectError(await storeA.refresh(login.body.refresh_token), 401, 'invalid_refresh_token');
    expectError(await storeB.logout(alice.refreshToken), 401, 'invalid_refresh_token');
  });

  it('a staff (admin-audience) token is refused on the Store API: 401 invalid_token', async () => {
    const staff = t.app.get(AccessTokensService).issue({
      subject: 'staff',
      storeId: ids.store(shopA),
      subjectId: '1',
      scopes: ['write_all'],
    });
    expectError(
      await storeA.call('GET', '/customers/me', { token: staff.token }),
      401,
      'invalid_token',
    );
    expectError(
      await storeA.call('POST', '/account/addresses', {
        token: staff.token,
        json: MINIMAL_ADDRESS,
      }),
      401,
      'invalid_token',
    );
  });

  it('a customer token is refused on the Admin API: 401 invalid_token', async () => {
    expectError(
      await t.http.get(`/api/v3/admin/customers/${alice.id}`, {
        authorization: `Bearer ${alice.token}`,
      }),
      401,
      'invalid_token',
    );
  });
});
