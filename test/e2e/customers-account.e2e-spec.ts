import { JwtService } from '@nestjs/jwt';
import { AccessTokensService } from '../../src/modules/auth/access-tokens.service.js';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../src/modules/auth/token-lifetimes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  Ids,
  refreshTokensOf,
  type RegisteredCustomer,
  startCustomersTestApp,
  StoreCaller,
  uniqueEmail,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Store API: the signed-in customer (/customers/me)', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let store: StoreCaller;
  let ids: Ids;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    store = new StoreCaller(t, shop);
    ids = new Ids(t);
  });
  afterAll(() => t.close());

  const stored = async (customer: RegisteredCustomer) => {
    const [row] = await t.dataSource.query(
      `SELECT email, password_digest, first_name, last_name, phone, accepts_marketing
       FROM customers WHERE id = $1`,
      [ids.customer(customer.id)],
    );
    return row;
  };
  const patchMe = (customer: RegisteredCustomer, json: unknown) =>
    store.call('PATCH', '/customers/me', { token: customer.token, json });

  describe('who may call', () => {
    let customer: RegisteredCustomer;
    beforeAll(async () => {
      customer = await store.register();
    });

    it.each(['GET', 'PATCH'])(
      '%s without a customer token: 401 authentication_required',
      async (method) => {
        expectError(
          await store.call(method, '/customers/me', { json: method === 'GET' ? undefined : {} }),
          401,
          'authentication_required',
        );
      },
    );

    it('refuses a malformed or tampered token: 401 invalid_token', async () => {
      expectError(await store.call('GET', '/customers/me', { token: 'abc' }), 401, 'invalid_token');
      const [head, body] = customer.token.split('.');
      expectError(
        await store.call('GET', '/customers/me', { token: `${head}.${body}.AAAA` }),
        401,
        'invalid_token',
      );
    });

    it('refuses an expired token: 401 invalid_token', async () => {
      const claims = JSON.parse(Buffer.from(customer.token.split('.')[1], 'base64url').toString());
      const expired = t.app
        .get(JwtService)
        .sign(
          { sub: claims.sub, store: claims.store, exp: Math.floor(Date.now() / 1000) - 10 },
          { algorithm: 'HS256', issuer: JWT_ISSUER, audience: JWT_AUDIENCE.customer },
        );
      expectError(
        await store.call('GET', '/customers/me', { token: expired }),
        401,
        'invalid_token',
      );
    });

    it('refuses a staff (admin-audience) token: 401 invalid_token', async () => {
      const staff = t.app.get(AccessTokensService).issue({
        subject: 'staff',
        storeId: ids.store(shop),
        subjectId: ids.customer(customer.id),
        scopes: ['write_all'],
      });
      expectError(
        await store.call('GET', '/customers/me', { token: staff.token }),
        401,
        'invalid_token',
      );
    });

    it('refuses the token of a customer deleted since: 401 invalid_token', async () => {
      const gone = await store.register();
      await t.dataSource.query('DELETE FROM customers WHERE id = $1', [ids.customer(gone.id)]);
      expectError(
        await store.call('GET', '/customers/me', { token: gone.token }),
        401,
        'invalid_token',
      );
    });
  });

  it('GET answers the customer in its v3 shape', async () => {
    const customer = await store.register({ first_name: 'Lin', accepts_marketing: false });
    const response = await store.call('GET', '/customers/me', { token: customer.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: customer.id,
      email: customer.email,
      first_name: 'Lin',
      last_name: null,
      full_name: 'Lin',
      phone: null,
      accepts_marketing: false,
      accepts_email_marketing: false,
      available_store_credit_total: '0.00',
      display_available_store_credit_total: '$0.00',
      addresses: [],
      default_billing_address: null,
      default_shipping_address: null,
      newsletter_subscriber: null,
      customer_groups: [],
      confirmed_at: expect.any(String),
      anonymized_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  describe('PATCH profile fields', () => {
    it('changes names, phone and marketing consent without a password', async () => {
      const customer = await store.register({ first_name: 'Old', phone: '123' });
      const response = await patchMe(customer, {
        first_name: 'New',
        last_name: 'Name',
        phone: null,
        accepts_marketing: true,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: customer.id,
        first_name: 'New',
        last_name: 'Name',
        phone: null,
        accepts_marketing: true,
      });
      expect(await stored(customer)).toMatchObject({
        first_name: 'New',
        last_name: 'Name',
        phone: null,
        accepts_marketing: true,
      });
    });

    it('refuses wrongly typed fields: 422 validation_error', async () => {
      const customer = await store.register();
      const details = expectError(
        await patchMe(customer, { first_name: 5, accepts_marketing: null }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!).sort()).toEqual(['accepts_marketing', 'first_name']);
    });
  });

  describe('PATCH email', () => {
    it('needs the current password: 422 current_password_invalid', async () => {
      const customer = await store.register();
      const email = uniqueEmail('moved');
      expectError(await patchMe(customer, { email }), 422, 'current_password_invalid');
      expectError(
        await patchMe(customer, { email, current_password: 'not it at all' }),
        422,
        'current_password_invalid',
      );
      expect((await stored(customer)).email).toBe(customer.email);
    });

    it('changes it with the current password, lower-cased', async () => {
      const customer = await store.register();
      const email = uniqueEmail('moved');
      const response = await patchMe(customer, {
        email: email.toUpperCase(),
        current_password: customer.password,
      });
      expect(response.status).toBe(200);
      expect(response.body.email).toBe(email);
      expect((await stored(customer)).email).toBe(email);
      expect((await store.login(email, customer.password)).status).toBe(200);
      expectError(
        await store.login(customer.email, customer.password),
        401,
        'authentication_failed',
      );
    });

    it('does not ask for the password when the email stays the same', async () => {
      const customer = await store.register();
      const response = await patchMe(customer, { email: customer.email.toUpperCase() });
      expect(response.status).toBe(200);
    });

    it('refuses an email another customer has: 422 validation_error', async () => {
      const [customer, other] = [await store.register(), await store.register()];
      const details = expectError(
        await patchMe(customer, { email: other.email, current_password: customer.password }),
        422,
        'validation_error',
      );
      expect(details).toEqual({ email: ['has already been taken'] });
      expect((await stored(customer)).email).toBe(customer.email);
    });
  });

  describe('PATCH password', () => {
    it('needs the current password: 422 current_password_invalid, nothing changes', async () => {
      const customer = await store.register();
      const before = (await stored(customer)).password_digest;
      expectError(
        await patchMe(customer, { password: 'a brand new one' }),
        422,
        'current_password_invalid',
      );
      expectError(
        await patchMe(customer, {
          password: 'a brand new one',
          current_password: 'wrong',
          first_name: 'Sneaky',
        }),
        422,
        'current_password_invalid',
      );
      expect(await stored(customer)).toMatchObject({ password_digest: before, first_name: null });
    });

    it('refuses a new password under 8 characters', async () => {
      const customer = await store.register();
      const details = expectError(
        await patchMe(customer, { password: 'short', current_password: customer.password }),
        422,
        'validation_error',
      );
      expect(details).toEqual({ password: ['password must be at least 8 characters long'] });
    });

    it('refuses a password_confirmation that does not match: 422, nothing changes', async () => {
      const customer = await store.register();
      const before = await stored(customer);
      for (const confirmation of ['not the new one', '', null]) {
        const details = expectError(
          await patchMe(customer, {
            password: 'a brand new one',
            password_confirmation: confirmation,
            current_password: customer.password,
            first_name: 'Changed',
          }),
          422,
          'validation_error',
        );
        expect(details).toEqual({
          password_confirmation: ['password_confirmation must match password'],
        });
      }
      // A confirmation without a new password confirms nothing.
      expectError(
        await patchMe(customer, { password_confirmation: 'a brand new one', first_name: 'X' }),
        422,
        'validation_error',
      );
      expect(await stored(customer)).toEqual(before);
      const tokens = await refreshTokensOf(t, ids.customer(customer.id));
      expect(tokens.every((token) => token.revoked_at === null)).toBe(true);
      expect((await store.login(customer.email, customer.password)).status).toBe(200);
    });

    it('changes it when password_confirmation matches', async () => {
      const customer = await store.register();
      const newPassword = 'a confirmed new secret';
      const response = await patchMe(customer, {
        password: newPassword,
        password_confirmation: newPassword,
        current_password: customer.password,
      });
      expect(response.status).toBe(200);
      expect(response.body).not.toHaveProperty('password_confirmation');
      expect((await store.login(customer.email, newPassword)).status).toBe(200);
    });

    it('changes it and ends every session of the customer', async () => {
      const customer = await store.register();
      const second = await store.login(customer.email, customer.password);
      const newPassword = 'an entirely new secret';
      const response = await patchMe(customer, {
        password: newPassword,
        current_password: customer.password,
      });
      expect(response.status).toBe(200);
      expect(response.body.id).toBe(customer.id);

      const row = await stored(customer);
      expect(row.password_digest).toMatch(/^scrypt\$/);
      expect(row.password_digest).not.toContain(newPassword);
      const tokens = await refreshTokensOf(t, ids.customer(customer.id));
      expect(tokens).toHaveLength(2);
      expect(tokens.every((token) => token.revoked_at !== null)).toBe(true);
      expectError(await store.refresh(customer.refreshToken), 401, 'invalid_refresh_token');
      expectError(await store.refresh(second.body.refresh_token), 401, 'invalid_refresh_token');

      expectError(
        await store.login(customer.email, customer.password),
        401,
        'authentication_failed',
      );
      expect((await store.login(customer.email, newPassword)).status).toBe(200);
    });
  });
});
