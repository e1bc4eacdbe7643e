import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  Ids,
  refreshTokensOf,
  startCustomersTestApp,
  StoreCaller,
  uniqueEmail,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

const CUSTOMER_KEYS = [
  'accepts_email_marketing',
  'accepts_marketing',
  'addresses',
  'anonymized_at',
  'available_store_credit_total',
  'confirmed_at',
  'created_at',
  'customer_groups',
  'default_billing_address',
  'default_shipping_address',
  'display_available_store_credit_total',
  'email',
  'first_name',
  'full_name',
  'id',
  'last_name',
  'newsletter_subscriber',
  'phone',
  'updated_at',
];

describe('Store API: customer registration and sessions', () => {
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

  const customerRow = async (email: string) => {
    const rows = await t.dataSource.query(
      'SELECT id::text AS id, email, password_digest, first_name, accepts_marketing FROM customers WHERE store_id = $1 AND email = $2',
      [ids.store(shop), email],
    );
    return rows[0];
  };

  describe('POST /api/v3/store/customers', () => {
    it('creates the account and signs it in: 201 { token, refresh_token, user }', async () => {
      const email = uniqueEmail('Reg');
      const password = 'correct horse battery';
      const response = await store.call('POST', '/customers', {
        json: {
          email: `  ${email.toUpperCase()} `,
          password,
          first_name: 'Ada',
          last_name: 'Lovelace',
          phone: '+44 20 7946 0000',
          accepts_marketing: true,
        },
      });
      expect(response.status).toBe(201);
      expect(Object.keys(response.body).sort()).toEqual(['refresh_token', 'token', 'user']);
      const { user } = response.body;
      expect(Object.keys(user).sort()).toEqual(CUSTOMER_KEYS);
      expect(user).toMatchObject({
        id: expect.stringMatching(/^cus_[A-Za-z0-9]{10,}$/),
        email: email.toLowerCase(),
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '+44 20 7946 0000',
        accepts_marketing: true,
        anonymized_at: null,
      });
      expect(new Date(user.created_at).toISOString()).toBe(user.created_at);
      expect(response.body.refresh_token).toMatch(/^rt_/);

      const row = await customerRow(email.toLowerCase());
      expect(row.id).toBe(ids.customer(user.id));
      expect(row.password_digest).toMatch(/^scrypt\$/);
      expect(row.password_digest).not.toContain(password);
      expect(row).toMatchObject({ first_name: 'Ada', accepts_marketing: true });

      const me = await store.call('GET', '/customers/me', { token: response.body.token });
      expect(me.status).toBe(200);
      expect(me.body).toEqual(user);
    });

    it('stores refresh tokens only as digests', async () => {
      const customer = await store.register();
      const rows = await t.dataSource.query(
        `SELECT token_digest, row_to_json(r)::text AS whole FROM refresh_tokens r
         WHERE subject_type = 'customer' AND subject_id = $1`,
        [ids.customer(customer.id)],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].token_digest).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].token_digest).not.toBe(customer.refreshToken);
      expect(rows[0].whole).not.toContain(customer.refreshToken);
      expect(rows[0].whole).not.toContain(customer.refreshToken.slice(3));
    });

    it('names every missing field: 422 validation_error', async () => {
      const details = expectError(await store.call('POST', '/customers'), 422, 'validation_error');
      expect(details).toEqual({
        email: ['email is required'],
        password: ['password is required'],
      });
    });

    it('refuses a malformed email and a password under 8 characters', async () => {
      const details = expectError(
        await store.call('POST', '/customers', {
          json: { email: 'not-an-email', password: 'short12' },
        }),
        422,
        'validation_error',
      );
      expect(details).toEqual({
        email: ['email must be a valid email address'],
        password: ['password must be at least 8 characters long'],
      });
    });

    it('refuses a password_confirmation that does not match: 422, nothing stored', async () => {
      const email = uniqueEmail();
      for (const confirmation of ['a different secret', 'a matching secrex', '', null, 12345678]) {
        const details = expectError(
          await store.call('POST', '/customers', {
            json: {
              email,
              password: 'a matching secret',
              password_confirmation: confirmation,
              first_name: 'Mismatched',
            },
          }),
          422,
          'validation_error',
        );
        expect(details).toEqual({
          password_confirmation: ['password_confirmation must match password'],
        });
      }
      expect(await customerRow(email)).toBeUndefined();
    });

    it('registers when password_confirmation matches the password', async () => {
      const email = uniqueEmail();
      const response = await store.call('POST', '/customers', {
        json: { email, password: 'a matching secret', password_confirmation: 'a matching secret' },
      });
      expect(response.status).toBe(201);
      expect(response.body.user).not.toHaveProperty('password_confirmation');
      expect((await customerRow(email)).email).toBe(email);
      expect((await store.login(email, 'a matching secret')).status).toBe(200);
    });

    it('refuses an email already registered in the store, whatever its case', async () => {
      const first = await store.register();
      const details = expectError(
        await store.call('POST', '/customers', {
          json: { email: first.email.toUpperCase(), password: 'another password' },
        }),
        422,
        'validation_error',
      );
      expect(details).toEqual({ email: ['has already been taken'] });
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM customers WHERE store_id = $1 AND lower(email) = $2',
        [ids.store(shop), first.email],
      );
      expect(count).toBe(1);
    });

    it('lets the same email register in another store', async () => {
      const first = await store.register();
      const other = new StoreCaller(t, await t.seedStore());
      const response = await other.call('POST', '/customers', {
        json: { email: first.email, password: 'a password for the other store' },
      });
      expect(response.status).toBe(201);
      expect(response.body.user.id).not.toBe(first.id);
    });
  });

  describe('POST /api/v3/store/auth/login', () => {
    it('signs in with email and password: 200 { token, refresh_token, user }', async () => {
      const customer = await store.register({ first_name: 'Grace' });
      const response = await store.login(` ${customer.email.toUpperCase()}`, customer.password);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['refresh_token', 'token', 'user']);
      expect(response.body.user).toMatchObject({ id: customer.id, first_name: 'Grace' });
      expect(response.body.refresh_token).not.toBe(customer.refreshToken);
      const me = await store.call('GET', '/customers/me', { token: response.body.token });
      expect(me.body.id).toBe(customer.id);
      // A second sign-in is a second chain: two live refresh tokens in two families.
      const tokens = await refreshTokensOf(t, ids.customer(customer.id));
      expect(tokens).toHaveLength(2);
      expect(new Set(tokens.map((row) => row.family_id)).size).toBe(2);
    });

    it.each([['email'], [null]])('takes provider %p as the email provider', async (provider) => {
      const customer = await store.register();
      const response = await store.login(customer.email, customer.password, { provider });
      expect(response.status).toBe(200);
      expectError(
        await store.call('POST', '/auth/login', { json: { provider } }),
        422,
        'validation_error',
      );
    });

    it.each([['google'], [''], [42]])(
      'refuses provider %p with 400 invalid_provider',
      async (provider) => {
        const customer = await store.register();
        expectError(
          await store.login(customer.email, customer.password, { provider }),
          400,
          'invalid_provider',
        );
      },
    );

    it('refuses an unknown provider even without email and password', async () => {
      expectError(
        await store.call('POST', '/auth/login', { json: { provider: 'facebook', token: 'x' } }),
        400,
        'invalid_provider',
      );
    });

    it('answers a wrong password and an unknown email alike: 401 authentication_failed', async () => {
      const customer = await store.register();
      const wrongPassword = await store.login(customer.email, `${customer.password}x`);
      const unknownEmail = await store.login(uniqueEmail('nobody'), customer.password);
      expectError(wrongPassword, 401, 'authentication_failed');
      expectError(unknownEmail, 401, 'authentication_failed');
      expect(unknownEmail.body.error.message).toBe(wrongPassword.body.error.message);
      expect(wrongPassword.body).toEqual(unknownEmail.body);
      expect(await refreshTokensOf(t, ids.customer(customer.id))).toHaveLength(1);
    });

    describe('at a real password cost', () => {
      let costly: TestApp;
      let costlyStore: StoreCaller;
      beforeAll(async () => {
        costly = await startCustomersTestApp({ PASSWORD_HASH_COST: '14' });
        costlyStore = new StoreCaller(costly, await costly.seedStore());
      });
      afterAll(() => costly.close());

      /** CPU milliseconds this process (the app runs in it, scrypt in its thread pool) has used. */
      const cpuMs = () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };

      /*
       * Wall-clock timing flaked on a busy two-core machine: other processes' load lands on
       * either side of the comparison. What must hold is that an unknown e-mail costs the same
       * scrypt run as a wrong password (PasswordHasher.verify checks a throwaway digest). That is
       * measured in this process's CPU time, which other processes do not inflate, at cost 14,
       * where one scrypt run is tens of milliseconds against a request's one or two: skipping it
       * would cut an unknown e-mail's CPU far below the half allowed here, and medians of five
       * absorb a garbage collection landing on one side.
       */
      it('spends a password check on an unknown email too (same CPU as a wrong password)', async () => {
        const customer = await costlyStore.register();
        const cpuOfLogin = async (email: string) => {
          const before = cpuMs();
          expectError(
            await costlyStore.login(email, 'not the password'),
            401,
            'authentication_failed',
          );
          return cpuMs() - before;
        };
        const median = (values: number[]) => values.sort((a, b) => a - b)[2];
        const known: number[] = [];
        const unknown: number[] = [];
        for (let round = 0; round < 5; round += 1) {
          known.push(await cpuOfLogin(customer.email));
          unknown.push(await cpuOfLogin(uniqueEmail('ghost')));
        }
        expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
      });
    });

    it('refuses a customer created by staff, who has no password', async () => {
      const email = uniqueEmail('staffmade');
      const created = await t.http.request('POST', '/api/v3/admin/customers', {
        headers: { 'x-store-api-key': shop.secret_key },
        json: { email },
      });
      expect(created.status).toBe(201);
      expectError(await store.login(email, ''), 401, 'authentication_failed');
      expectError(await store.login(email, 'any password'), 401, 'authentication_failed');
    });

    it('names missing credentials: 422 validation_error', async () => {
      const details = expectError(
        await store.call('POST', '/auth/login', { json: {} }),
        422,
        'validation_error',
      );
      expect(details).toEqual({
        email: ['email is required'],
        password: ['password is required'],
      });
    });
  });

  describe('POST /api/v3/store/auth/refresh', () => {
    it('rotates: a new pair in the same family, the presented token used up', async () => {
      const customer = await store.register();
      const response = await store.refresh(customer.refreshToken);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['refresh_token', 'token', 'user']);
      expect(response.body.user.id).toBe(customer.id);
      expect(response.body.refresh_token).toMatch(/^rt_/);
      expect(response.body.refresh_token).not.toBe(customer.refreshToken);
      const me = await store.call('GET', '/customers/me', { token: response.body.token });
      expect(me.body.id).toBe(customer.id);

      const [used, next] = await refreshTokensOf(t, ids.customer(customer.id));
      expect(used.used_at).not.toBeNull();
      expect(next).toMatchObject({ family_id: used.family_id, used_at: null, revoked_at: null });

      expect((await store.refresh(response.body.refresh_token)).status).toBe(200);
    });

    it('treats reuse of a rotated token as a leak: 401 and the newer token dies too', async () => {
      const customer = await store.register();
      const rotated = await store.refresh(customer.refreshToken);
      expect(rotated.status).toBe(200);

      expectError(await store.refresh(customer.refreshToken), 401, 'invalid_refresh_token');
      expectError(await store.refresh(rotated.body.refresh_token), 401, 'invalid_refresh_token');
      const rows = await refreshTokensOf(t, ids.customer(customer.id));
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
    });

    it('refuses an unknown, malformed or expired token: 401 invalid_refresh_token', async () => {
      expectError(await store.refresh(`rt_${'A'.repeat(43)}`), 401, 'invalid_refresh_token');
      expectError(await store.refresh('garbage'), 401, 'invalid_refresh_token');

      const customer = await store.register();
      await t.dataSource.query(
        `UPDATE refresh_tokens SET expires_at = now() - interval '1 second'
         WHERE subject_type = 'customer' AND subject_id = $1`,
        [ids.customer(customer.id)],
      );
      expectError(await store.refresh(customer.refreshToken), 401, 'invalid_refresh_token');
    });

    it('names a missing token: 422 validation_error', async () => {
      const details = expectError(
        await store.call('POST', '/auth/refresh', { json: {} }),
        422,
        'validation_error',
      );
      expect(details).toEqual({ refresh_token: ['refresh_token is required'] });
    });
  });

  describe('POST /api/v3/store/auth/logout', () => {
    it('answers 204 and kills the refresh token', async () => {
      const customer = await store.register();
      const response = await store.logout(customer.refreshToken);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      const [row] = await refreshTokensOf(t, ids.customer(customer.id));
      expect(row.revoked_at).not.toBeNull();
      expectError(await store.refresh(customer.refreshToken), 401, 'invalid_refresh_token');
      expectError(await store.logout(customer.refreshToken), 401, 'invalid_refresh_token');
    });

    it('ends only that sign-in', async () => {
      const customer = await store.register();
      const other = await store.login(customer.email, customer.password);
      expect((await store.logout(customer.refreshToken)).status).toBe(204);
      expect((await store.refresh(other.body.refresh_token)).status).toBe(200);
    });

    it('refuses an unknown token: 401 invalid_refresh_token', async () => {
      expectError(await store.logout(`rt_${'B'.repeat(43)}`), 401, 'invalid_refresh_token');
    });
  });
});
