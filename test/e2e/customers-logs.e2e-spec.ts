import { randomBytes } from 'node:crypto';
import { startCustomersTestApp, StoreCaller } from '../helpers/customers-fixtures.js';
import { outputDuring } from '../helpers/log-capture.js';
import type { TestApp } from '../helpers/test-app.js';

describe('customer sessions in the logs', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Boot logs at debug level are long and say nothing about customers: keep them off the console.
    await outputDuring(async () => {
      t = await startCustomersTestApp({ LOG_LEVEL: 'debug' });
    });
  });
  afterAll(() => t.close());

  it('never write a password, an access token or a refresh token', async () => {
    const store = new StoreCaller(t, await t.seedStore());
    const secrets: string[] = [];
    let customerId = '';
    const output = await outputDuring(async () => {
      const customer = await store.register();
      customerId = customer.id;
      const login = await store.login(customer.email, customer.password);
      const refreshed = await store.refresh(login.body.refresh_token);
      const wrong = await store.login(customer.email, 'Wrong-Password-123');
      const logout = await store.logout(refreshed.body.refresh_token);
      expect([login.status, refreshed.status, wrong.status, logout.status]).toEqual([
        200, 200, 401, 204,
      ]);
      secrets.push(
        customer.password,
        'Wrong-Password-123',
        customer.token,
        customer.refreshToken,
        login.body.token,
        login.body.refresh_token,
        refreshed.body.token,
        refreshed.body.refresh_token,
      );
    });

    // The capture did see the service's own log lines about these very requests...
    expect(output).toContain(`Customer ${customerId} signed in`);
    expect(output).toContain(`Customer ${customerId} refreshed a session`);
    expect(output).toContain('Customer sign-in refused');
    // ...and none of the secrets, whole or as the random part of a refresh token.
    for (const secret of secrets) {
      expect(output).not.toContain(secret);
      expect(output).not.toContain(secret.replace(/^rt_/, ''));
    }
  });

  it('never write a password reset token, which travels in the path', async () => {
    const store = new StoreCaller(t, await t.seedStore());
    const token = `prt_${randomBytes(32).toString('base64url')}`;
    const output = await outputDuring(async () => {
      const response = await store.call('PATCH', `/password_resets/${token}`, {
        json: { password: 'a long enough one', password_confirmation: 'a long enough one' },
      });
      expect(response.status).toBe(422);
    });
    expect(output).toContain('/api/v3/store/password_resets/[redacted]');
    expect(output).not.toContain(token.slice(4));
  });

  it.each(['/api/v3/store/digitals', '/api/v2/storefront/digitals'])(
    'never write a download token, which travels in the path (%s)',
    async (prefix) => {
      const shop = await t.seedStore();
      const token = randomBytes(24).toString('base64url');
      const output = await outputDuring(async () => {
        const response = await t.http.get(`${prefix}/${token}?attempt=1`, {
          'x-store-api-key': shop.publishable_key,
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
      });
      expect(output).toContain(`"url":"${prefix}/[redacted]?attempt=1"`);
      expect(output).not.toContain(token);
    },
  );
});
