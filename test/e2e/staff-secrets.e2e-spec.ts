import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { storeKeyOf } from '../helpers/staff-fixtures.js';
import {
  bearer,
  keyHeader,
  staffLogin,
  staffLogout,
  staffRefresh,
} from '../helpers/staff-requests.js';
import { outputDuring } from '../helpers/log-capture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('secrets never rest or travel in the clear', () => {
  let t: TestApp;
  let shop: DemoCredentials;

  beforeAll(async () => {
    // Booting at debug level prints every mapped route: keep that out of the test output.
    await outputDuring(async () => {
      t = await startTestApp({ env: { LOG_LEVEL: 'debug' } });
    });
    shop = await t.seedStore();
  });
  afterAll(() => t.close());

  /** Each row of `table` of the shop's store as JSON text, every column included. */
  const rowsAsText = async (table: 'api_keys' | 'staff_users' | 'refresh_tokens') => {
    const rows = await t.dataSource.query(
      `SELECT row_to_json(r)::text AS text FROM ${table} r WHERE store_id = $1`,
      [storeKeyOf(t, shop.store_id)],
    );
    expect(rows.length).toBeGreaterThan(0);
    return rows.map((row: { text: string }) => row.text).join('\n');
  };

  it('api_keys holds no token, only keyed hashes and display prefixes', async () => {
    const tokens = [shop.publishable_key, shop.secret_key];
    for (const key_type of ['secret', 'publishable']) {
      const created = await t.http.post(
        '/api/v3/admin/api_keys',
        {
          name: `grep ${key_type}`,
          key_type,
          scopes: key_type === 'secret' ? ['read_orders'] : [],
        },
        keyHeader(shop.secret_key),
      );
      expect(created.status).toBe(201);
      tokens.push(created.body.token);
    }
    const stored = await rowsAsText('api_keys');
    for (const token of tokens) {
      expect(stored).toContain(token.slice(0, 11)); // the display prefix is meant to be there
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(token.slice(11));
    }
  });

  it('a staff session leaves no password or token in the tables or the logs', async () => {
    const secrets: string[] = [shop.admin.password, shop.publishable_key, shop.secret_key];
    const wrongPassword = 'a-wrong-password-to-look-for';
    const log = await outputDuring(async () => {
      const failed = await staffLogin(t, shop.publishable_key, {
        email: shop.admin.email,
        password: wrongPassword,
      });
      expect(failed.status).toBe(401);
      const login = await staffLogin(t, shop.publishable_key, {
        email: shop.admin.email,
        password: shop.admin.password,
      });
      expect(login.status).toBe(200);
      const me = await t.http.get('/api/v3/admin/me', bearer(login.body.token));
      expect(me.status).toBe(200);
      const refreshed = await staffRefresh(t, shop.secret_key, login.body.refresh_token);
      expect(refreshed.status).toBe(200);
      expect(
        (await staffLogout(t, shop.publishable_key, refreshed.body.refresh_token)).status,
      ).toBe(204);
      secrets.push(
        login.body.token,
        login.body.refresh_token,
        refreshed.body.token,
        refreshed.body.refresh_token,
      );
    });

    // The capture works: the sign-in was logged (by public id only).
    expect(log).toMatch(/Staff user admin_\w+ signed in/);
    expect(log).toMatch(/Failed staff sign-in/);
    for (const secret of [...secrets, wrongPassword]) expect(log).not.toContain(secret);
    expect(log).not.toContain(shop.admin.email);

    const staffUsers = await rowsAsText('staff_users');
    expect(staffUsers).toContain('scrypt$');
    expect(staffUsers).not.toContain(shop.admin.password);
    const refreshTokens = await rowsAsText('refresh_tokens');
    for (const secret of secrets.slice(3)) {
      expect(refreshTokens).not.toContain(secret);
      expect(refreshTokens).not.toContain(secret.slice(3));
    }
  });
});
