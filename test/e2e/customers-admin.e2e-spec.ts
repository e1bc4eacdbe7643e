import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  AdminCaller,
  Ids,
  issueSecretKey,
  refreshTokensOf,
  staffToken,
  startCustomersTestApp,
  StoreCaller,
  uniqueEmail,
  MINIMAL_ADDRESS,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Admin API: customers', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let store: StoreCaller;
  let ids: Ids;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    admin = new AdminCaller(t, shop);
    store = new StoreCaller(t, shop);
    ids = new Ids(t);
  });
  afterAll(() => t.close());

  const storedCustomer = async (publicId: string) => {
    const rows = await t.dataSource.query(
      `SELECT email, password_digest, first_name, last_name, phone, accepts_marketing, anonymized_at
       FROM customers WHERE id = $1`,
      [ids.customer(publicId)],
    );
    return rows[0];
  };
  const addressCount = async (publicId: string) => {
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM addresses WHERE customer_id = $1',
      [ids.customer(publicId)],
    );
    return count;
  };
  const create = async (fields: Record<string, unknown> = {}) => {
    const response = await admin.call('POST', '/customers', {
      json: { email: uniqueEmail('admin-made'), ...fields },
    });
    expect(response.status).toBe(201);
    return response.body;
  };

  describe('POST /customers', () => {
    it('answers an empty body with 422 validation_error naming email', async () => {
      const response = await t.http.request('POST', '/api/v3/admin/customers', {
        headers: { 'x-store-api-key': shop.secret_key },
      });
      const details = expectError(response, 422, 'validation_error');
      expect(details).toEqual({ email: ['email is required'] });
    });

    it('creates a customer without a password: 201 in the v3 shape', async () => {
      const email = uniqueEmail('Created');
      const response = await admin.call('POST', '/customers', {
        json: {
          email: email.toUpperCase(),
          first_name: 'Kim',
          last_name: 'Lee',
          phone: '555',
          accepts_marketing: true,
          password: 'ignored for staff',
        },
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^cus_/),
        email: email.toLowerCase(),
        first_name: 'Kim',
        last_name: 'Lee',
        full_name: 'Kim Lee',
        phone: '555',
        accepts_marketing: true,
        accepts_email_marketing: true,
        newsletter_subscriber: null,
        customer_groups: [],
        tags: [],
        confirmed_at: expect.any(String),
        anonymized_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await storedCustomer(response.body.id)).toMatchObject({
        email: email.toLowerCase(),
        password_digest: null,
      });
    });

    it('refuses an email already in the store, whatever its case', async () => {
      const existing = await store.register();
      const details = expectError(
        await admin.call('POST', '/customers', { json: { email: existing.email.toUpperCase() } }),
        422,
        'validation_error',
      );
      expect(details).toEqual({ email: ['has already been taken'] });
    });

    it('needs write_customers: a read_customers key gets 403 access_denied', async () => {
      const readOnly = await issueSecretKey(t, shop, ['read_customers']);
      const details = expectError(
        await admin.call('POST', '/customers', {
          json: { email: uniqueEmail() },
          headers: { 'x-store-api-key': readOnly },
        }),
        403,
        'access_denied',
      );
      expect(details).toEqual({ required_scope: 'write_customers' });
    });
  });

  describe('GET /customers', () => {
    it('filters by exact email, case-insensitively', async () => {
      const wanted = await create();
      await create();
      const response = await admin.call(
        'GET',
        `/customers?email=${encodeURIComponent(wanted.email.toUpperCase())}`,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        data: [wanted],
        meta: {
          page: 1,
          limit: 25,
          count: 1,
          pages: 1,
          from: 1,
          to: 1,
          in: 1,
          previous: null,
          next: null,
        },
      });
      const partial = await admin.call('GET', `/customers?email=${wanted.email.slice(0, 8)}`);
      expect(partial.body.meta.count).toBe(0);
    });

    it('lists the store’s customers newest first, paginated', async () => {
      const fresh = await t.seedStore();
      const other = new AdminCaller(t, fresh);
      const made = [];
      for (let index = 0; index < 3; index += 1) {
        made.push(
          (await other.call('POST', '/customers', { json: { email: uniqueEmail() } })).body,
        );
      }
      const page1 = await other.call('GET', '/customers?limit=2');
      expect(page1.body.meta).toEqual({
        page: 1,
        limit: 2,
        count: 3,
        pages: 2,
        from: 1,
        to: 2,
        in: 2,
        previous: null,
        next: 2,
      });
      expect(page1.body.data.map((customer: { id: string }) => customer.id)).toEqual([
        made[2].id,
        made[1].id,
      ]);
      const page2 = await other.call('GET', '/customers?limit=2&page=2');
      expect(page2.body.data).toEqual([made[0]]);
    });

    it('is open to read_customers keys and to staff tokens holding the scope', async () => {
      const readOnly = await issueSecretKey(t, shop, ['read_customers']);
      const byKey = await admin.call('GET', '/customers?limit=1', {
        headers: { 'x-store-api-key': readOnly },
      });
      expect(byKey.status).toBe(200);
      const token = await staffToken(t, shop, ['read_customers']);
      const byStaff = await admin.call('GET', '/customers?limit=1', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(byStaff.status).toBe(200);
      const details = expectError(
        await admin.call('POST', '/customers', {
          json: { email: uniqueEmail() },
          headers: { authorization: `Bearer ${token}` },
        }),
        403,
        'access_denied',
      );
      expect(details).toEqual({ required_scope: 'write_customers' });
    });

    it('refuses a key without a customers scope: 403 access_denied', async () => {
      const ordersOnly = await issueSecretKey(t, shop, ['write_orders']);
      const details = expectError(
        await admin.call('GET', '/customers', { headers: { 'x-store-api-key': ordersOnly } }),
        403,
        'access_denied',
      );
      expect(details).toEqual({ required_scope: 'read_customers' });
    });
  });

  describe('GET, PATCH /customers/:id', () => {
    it('GET answers the customer', async () => {
      const created = await create({ first_name: 'Bo' });
      const response = await admin.call('GET', `/customers/${created.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(created);
    });

    it.each([['cus_doesnotexist'], ['42'], ['addr_k3G7QAe51F']])(
      'answers 404 record_not_found for %p',
      async (id) => {
        expectError(await admin.call('GET', `/customers/${id}`), 404, 'record_not_found');
        expectError(
          await admin.call('PATCH', `/customers/${id}`, { json: {} }),
          404,
          'record_not_found',
        );
        expectError(await admin.call('DELETE', `/customers/${id}`), 404, 'record_not_found');
      },
    );

    it('PATCH changes the fields sent', async () => {
      const created = await create({ first_name: 'Old', phone: '1' });
      const email = uniqueEmail('renamed');
      const response = await admin.call('PATCH', `/customers/${created.id}`, {
        json: { email: email.toUpperCase(), first_name: 'New', phone: null },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ email, first_name: 'New', phone: null });
      expect(await storedCustomer(created.id)).toMatchObject({
        email,
        first_name: 'New',
        phone: null,
      });
    });

    it('PATCH refuses an email another customer has', async () => {
      const [first, second] = [await create(), await create()];
      const details = expectError(
        await admin.call('PATCH', `/customers/${first.id}`, { json: { email: second.email } }),
        422,
        'validation_error',
      );
      expect(details).toEqual({ email: ['has already been taken'] });
      expect((await storedCustomer(first.id)).email).toBe(first.email);
    });

    it('PATCH refuses a malformed email', async () => {
      const created = await create();
      const details = expectError(
        await admin.call('PATCH', `/customers/${created.id}`, { json: { email: 'nope' } }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!)).toEqual(['email']);
    });
  });

  describe('DELETE /customers/:id', () => {
    it('deletes the customer with its addresses and sessions: 204', async () => {
      const customer = await store.register();
      await store.call('POST', '/account/addresses', {
        token: customer.token,
        json: MINIMAL_ADDRESS,
      });
      expect(await addressCount(customer.id)).toBe(1);

      const response = await admin.call('DELETE', `/customers/${customer.id}`);
      expect(response.status).toBe(204);
      expect(await storedCustomer(customer.id)).toBeUndefined();
      expect(await addressCount(customer.id)).toBe(0);
      const tokens = await refreshTokensOf(t, ids.customer(customer.id));
      expect(tokens.every((token) => token.revoked_at !== null)).toBe(true);
      expectError(await store.refresh(customer.refreshToken), 401, 'invalid_refresh_token');
      expectError(
        await store.call('GET', '/customers/me', { token: customer.token }),
        401,
        'invalid_token',
      );
      expectError(await admin.call('GET', `/customers/${customer.id}`), 404, 'record_not_found');
    });
  });

  describe('POST /customers/:id/anonymize', () => {
    it('erases the personal data and keeps the record: 200', async () => {
      const customer = await store.register({
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '+44 1',
        accepts_marketing: true,
      });
      await store.call('POST', '/account/addresses', {
        token: customer.token,
        json: MINIMAL_ADDRESS,
      });

      const response = await admin.call('POST', `/customers/${customer.id}/anonymize`);
      expect(response.status).toBe(200);
      const anonymizedEmail = `anonymized+${customer.id}@anonymized.invalid`;
      expect(response.body).toEqual({
        id: customer.id,
        email: anonymizedEmail,
        first_name: null,
        last_name: null,
        full_name: '',
        phone: null,
        accepts_marketing: false,
        accepts_email_marketing: false,
        newsletter_subscriber: null,
        customer_groups: [],
        tags: [],
        confirmed_at: expect.any(String),
        anonymized_at: expect.any(String),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(Date.now() - Date.parse(response.body.anonymized_at)).toBeLessThan(60_000);
      expect(await storedCustomer(customer.id)).toMatchObject({
        email: anonymizedEmail,
        password_digest: null,
        first_name: null,
        last_name: null,
        phone: null,
        anonymized_at: expect.any(Date),
      });
      expect(await addressCount(customer.id)).toBe(0);
      const tokens = await refreshTokensOf(t, ids.customer(customer.id));
      expect(tokens.every((token) => token.revoked_at !== null)).toBe(true);

      expectError(await store.refresh(customer.refreshToken), 401, 'invalid_refresh_token');
      expectError(
        await store.call('GET', '/customers/me', { token: customer.token }),
        401,
        'invalid_token',
      );
      expectError(
        await store.login(customer.email, customer.password),
        401,
        'authentication_failed',
      );

      const listed = await admin.call(
        'GET',
        `/customers?email=${encodeURIComponent(anonymizedEmail)}`,
      );
      expect(listed.body.data).toEqual([response.body]);
      const again = await admin.call('POST', `/customers/${customer.id}/anonymize`);
      expect(again.status).toBe(200);
      expect(again.body.anonymized_at).toBe(response.body.anonymized_at);
    });

    it('frees the old email for a new registration', async () => {
      const customer = await store.register();
      await admin.call('POST', `/customers/${customer.id}/anonymize`);
      const response = await store.call('POST', '/customers', {
        json: { email: customer.email, password: 'a fresh start' },
      });
      expect(response.status).toBe(201);
      expect(response.body.user.id).not.toBe(customer.id);
    });

    it('needs write_customers', async () => {
      const customer = await create();
      const readOnly = await issueSecretKey(t, shop, ['read_customers']);
      expectError(
        await admin.call('POST', `/customers/${customer.id}/anonymize`, {
          headers: { 'x-store-api-key': readOnly },
        }),
        403,
        'access_denied',
      );
      expect((await storedCustomer(customer.id)).anonymized_at).toBeNull();
    });
  });

  it('refuses a customer token on the Admin API: 401 invalid_token', async () => {
    const customer = await store.register();
    expectError(
      await admin.call('GET', '/customers', {
        headers: { authorization: `Bearer ${customer.token}` },
      }),
      401,
      'invalid_token',
    );
    expectError(
      await admin.call('GET', `/customers/${customer.id}`, {
        headers: { 'x-store-api-key': shop.secret_key, authorization: `Bearer ${customer.token}` },
      }),
      401,
      'invalid_token',
    );
  });
});
