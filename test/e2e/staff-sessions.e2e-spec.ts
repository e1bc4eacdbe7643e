import { jest } from '@jest/globals';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PasswordHasher } from '../../src/modules/auth/password-hasher.js';
import { IP_RATE_LIMIT } from '../../src/platform/http/rate-limit/rate-limit.decorator.js';
import { AdminAuthController } from '../../src/modules/staff/admin-auth.controller.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import { createStaffUser, keyOf, storeKeyOf } from '../helpers/staff-fixtures.js';
import {
  bearer,
  claimsOf,
  freshIp,
  keyHeader,
  staffLogin,
  staffLogout,
  staffRefresh,
} from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ME = '/api/v3/admin/me';
const KEYS = '/api/v3/admin/api_keys';

describe('Admin API: staff sessions', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;
  const login = (body: Record<string, unknown>, key = shop.publishable_key) =>
    staffLogin(t, key, body);
  const asAdmin = () => ({ email: shop.admin.email, password: shop.admin.password });

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    other = await t.seedStore();
  });
  afterAll(() => t.close());

  const refreshRows = async (staffPublicId: string) =>
    t.dataSource.query(
      `SELECT family_id, used_at, revoked_at FROM refresh_tokens
       WHERE subject_type = 'staff' AND subject_id = $1 AND store_id = $2 ORDER BY id`,
      [keyOf(t, ID_PREFIX.staffUser, staffPublicId), storeKeyOf(t, shop.store_id)],
    );

  describe('POST /auth/login', () => {
    it('signs a staff user in: a 5-minute admin JWT with the role’s scopes, a refresh token, the user', async () => {
      const response = await login(asAdmin());
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['refresh_token', 'token', 'user']);
      expect(response.body.user).toEqual({
        id: expect.stringMatching(/^admin_[A-Za-z0-9]{10,}$/),
        email: shop.admin.email,
        role: { name: 'admin', scopes: ['write_all'] },
        created_at: expect.stringMatching(/Z$/),
      });
      expect(response.body.refresh_token).toMatch(/^rt_/);
      const claims = claimsOf(response.body.token);
      expect(claims).toMatchObject({
        sub: response.body.user.id,
        store: shop.store_id,
        scopes: ['write_all'],
        aud: 'admin',
        iss: 'store-service',
      });
      expect(claims.exp - claims.iat).toBe(300);

      const rows = await refreshRows(response.body.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ used_at: null, revoked_at: null });

      // The token opens the Admin API on its own, without a key.
      const keys = await t.http.get(KEYS, bearer(response.body.token));
      expect(keys.status).toBe(200);
    });

    it('accepts a secret key to name the store, and ignores the e-mail’s case', async () => {
      const response = await login(
        { email: shop.admin.email.toUpperCase(), password: shop.admin.password, provider: 'email' },
        shop.secret_key,
      );
      expect(response.status).toBe(200);
      expect(response.body.user.email).toBe(shop.admin.email);
    });

    it('answers a wrong password and an unknown e-mail alike: 401 authentication_failed', async () => {
      const wrongPassword = await login({ email: shop.admin.email, password: 'not-the-password' });
      const unknownEmail = await login({ email: 'nobody@example.com', password: 'whatever' });
      expectError(wrongPassword, 401, 'authentication_failed');
      expectError(unknownEmail, 401, 'authentication_failed');
      expect(unknownEmail.body.error.message).toBe(wrongPassword.body.error.message);
      expect(wrongPassword.body.error.details).toBeUndefined();
    });

    it('checks a password for an unknown e-mail as for a wrong one: one verification each', async () => {
      // The hasher's verify runs one scrypt whatever the digest (a missing one is checked against a
      // throwaway digest: test/unit/credentials.spec.ts); what matters here is that the login
      // path calls it once for an unknown e-mail too.
      const verify = jest.spyOn(t.app.get(PasswordHasher), 'verify');
      try {
        for (const email of [shop.admin.email, 'nobody@example.com']) {
          verify.mockClear();
          expectError(
            await login({ email, password: 'not-the-password' }),
            401,
            'authentication_failed',
          );
          expect(verify).toHaveBeenCalledTimes(1);
          expect(verify.mock.calls[0][0]).toBe('not-the-password');
          await expect(verify.mock.results[0].value).resolves.toBe(false);
        }
        expect(verify.mock.calls[0][1]).toBeFalsy();
      } finally {
        verify.mockRestore();
      }
    });

    it('does not let one store’s staff sign in through another store’s key', async () => {
      expectError(await login(asAdmin(), other.publishable_key), 401, 'authentication_failed');
    });

    it('refuses an unknown provider with 400 invalid_provider, before checking the password', async () => {
      expectError(
        await login({ ...asAdmin(), provider: 'google_oauth2' }),
        400,
        'invalid_provider',
      );
      expectError(
        await login({ email: 'x@example.com', password: 'y', provider: 'github' }),
        400,
        'invalid_provider',
      );
    });

    it('validates the body: 422 validation_error naming the fields', async () => {
      const details = expectError(await login({}), 422, 'validation_error');
      expect(Object.keys(details!).sort()).toEqual(['email', 'password']);
      const typed = expectError(
        await login({ email: 5, password: 'x', provider: 7 }),
        422,
        'validation_error',
      );
      expect(Object.keys(typed!).sort()).toEqual(['email', 'provider']);
    });

    it('needs a key of the store: 401 without one, or with an unknown one', async () => {
      expectError(
        await t.http.post('/api/v3/admin/auth/login', asAdmin(), freshIp()),
        401,
        'authentication_required',
      );
      expectError(
        await staffLogin(t, 'pk_unknownunknownunknownunknownunknown12', asAdmin()),
        401,
        'invalid_token',
      );
    });

    it('counts login, refresh and logout against the per-IP session budgets', () => {
      const budgetOf = (handler: keyof AdminAuthController) =>
        Reflect.getMetadata(IP_RATE_LIMIT, AdminAuthController.prototype[handler]);
      expect(['login', 'refresh', 'logout'].map((name) => budgetOf(name as never))).toEqual([
        'login',
        'refresh',
        'logout',
      ]);
    });
  });

  describe('POST /auth/refresh', () => {
    it('rotates: a new pair, the old refresh token used up, replaying it ends the chain', async () => {
      const first = await login(asAdmin());
      const refreshed = await staffRefresh(t, shop.publishable_key, first.body.refresh_token);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.refresh_token).toMatch(/^rt_/);
      expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
      expect(refreshed.body.user).toEqual(first.body.user);
      expect(claimsOf(refreshed.body.token)).toMatchObject({
        sub: first.body.user.id,
        store: shop.store_id,
        scopes: ['write_all'],
      });
      expect((await t.http.get(KEYS, bearer(refreshed.body.token))).status).toBe(200);

      expectError(
        await staffRefresh(t, shop.publishable_key, first.body.refresh_token),
        401,
        'invalid_refresh_token',
      );
      // The replay revoked the whole chain, the newest token included.
      expectError(
        await staffRefresh(t, shop.publishable_key, refreshed.body.refresh_token),
        401,
        'invalid_refresh_token',
      );
    });

    it('issues the access token with the role’s scopes as they are now', async () => {
      const staff = await createStaffUser(t, shop.store_id, ['read_api_keys']);
      const first = await login({ email: staff.email, password: staff.password });
      expect(claimsOf(first.body.token).scopes).toEqual(['read_api_keys']);
      expect((await t.http.get(KEYS, bearer(first.body.token))).status).toBe(200);

      await t.dataSource.query(
        `UPDATE roles SET scopes = '{read_orders}' WHERE id = (SELECT role_id FROM staff_users WHERE id = $1)`,
        [keyOf(t, ID_PREFIX.staffUser, staff.id)],
      );
      const refreshed = await staffRefresh(t, shop.publishable_key, first.body.refresh_token);
      expect(refreshed.status).toBe(200);
      expect(claimsOf(refreshed.body.token).scopes).toEqual(['read_orders']);
      expect(refreshed.body.user.role.scopes).toEqual(['read_orders']);
      const denied = expectError(
        await t.http.get(KEYS, bearer(refreshed.body.token)),
        403,
        'access_denied',
      );
      expect(denied).toEqual({ required_scope: 'read_api_keys' });
    });

    it('refuses a token presented through another store’s key, and ends its chain', async () => {
      const first = await login(asAdmin());
      expectError(
        await staffRefresh(t, other.publishable_key, first.body.refresh_token),
        401,
        'invalid_refresh_token',
      );
      const rows = await refreshRows(first.body.user.id);
      const family = rows.filter((row: any) => row.family_id === rows[rows.length - 1].family_id);
      expect(family.every((row: any) => row.revoked_at !== null)).toBe(true);
    });

    it.each([
      ['an unknown token', 'rt_unknownunknownunknownunknownunknownunknown'],
      ['a malformed token', 'not-a-refresh-token'],
    ])('refuses %s: 401 invalid_refresh_token', async (_, token) => {
      expectError(await staffRefresh(t, shop.publishable_key, token), 401, 'invalid_refresh_token');
    });

    it('validates the body: 422 naming refresh_token', async () => {
      const details = expectError(
        await t.http.post(
          '/api/v3/admin/auth/refresh',
          {},
          {
            ...keyHeader(shop.publishable_key),
            ...freshIp(),
          },
        ),
        422,
        'validation_error',
      );
      expect(Object.keys(details!)).toEqual(['refresh_token']);
    });
  });

  describe('POST /auth/logout', () => {
    it('revokes the session: 204, then its refresh token is refused', async () => {
      const first = await login(asAdmin());
      const response = await staffLogout(t, shop.publishable_key, first.body.refresh_token);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      const [row] = (await refreshRows(first.body.user.id)).slice(-1);
      expect(row.revoked_at).toBeInstanceOf(Date);
      expectError(
        await staffRefresh(t, shop.publishable_key, first.body.refresh_token),
        401,
        'invalid_refresh_token',
      );
      expectError(
        await staffLogout(t, shop.publishable_key, first.body.refresh_token),
        401,
        'invalid_refresh_token',
      );
    });
  });

  describe('GET /me', () => {
    it('answers the signed-in staff user', async () => {
      const session = await login(asAdmin());
      const response = await t.http.get(ME, bearer(session.body.token));
      expect(response.status).toBe(200);
      expect(response.body).toEqual(session.body.user);
    });

    it('answers any signed-in staff user, whatever their role’s scopes', async () => {
      const staff = await createStaffUser(t, shop.store_id, []);
      const session = await login({ email: staff.email, password: staff.password });
      const response = await t.http.get(ME, bearer(session.body.token));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: staff.id,
        email: staff.email,
        role: { name: expect.stringMatching(/^role-/), scopes: [] },
        created_at: expect.any(String),
      });
      expectError(await t.http.get(KEYS, bearer(session.body.token)), 403, 'access_denied');
    });

    it('needs a staff token: a secret key alone gets 401 authentication_required', async () => {
      expectError(await t.http.get(ME, keyHeader(shop.secret_key)), 401, 'authentication_required');
      expectError(await t.http.get(ME), 401, 'authentication_required');
      expectError(await t.http.get(ME, bearer('not.a.jwt')), 401, 'invalid_token');
    });

    it('refuses the token of a staff user who no longer exists: 401 invalid_token', async () => {
      const staff = await createStaffUser(t, shop.store_id, []);
      const session = await login({ email: staff.email, password: staff.password });
      await t.dataSource.query('DELETE FROM staff_users WHERE id = $1', [
        keyOf(t, ID_PREFIX.staffUser, staff.id),
      ]);
      expectError(await t.http.get(ME, bearer(session.body.token)), 401, 'invalid_token');
    });
  });
});
