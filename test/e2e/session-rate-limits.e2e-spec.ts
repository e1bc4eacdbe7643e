import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Contract, Authentication rule 11: login and refresh are rate limited (429), on the real routes. */
describe('rate limits on the session routes', () => {
  let t: TestApp;
  let shop: DemoCredentials;

  beforeAll(async () => {
    t = await startTestApp({
      env: { RATE_LIMIT_LOGIN_PER_MINUTE: '2', RATE_LIMIT_REFRESH_PER_MINUTE: '2' },
    });
    shop = await t.seedStore();
  });
  afterAll(() => t.close());

  // Customer and staff sign-ins share one budget per IP: each case gets an address of its own.
  let lastHost = 0;
  const post = (path: string, json: unknown, ip: string) =>
    t.http.post(path, json, { 'x-store-api-key': shop.publishable_key, 'x-forwarded-for': ip });

  it.each([
    [
      'customer login',
      '/api/v3/store/auth/login',
      { email: 'nobody@example.com', password: 'wrong-password' },
    ],
    [
      'staff login',
      '/api/v3/admin/auth/login',
      { email: 'nobody@example.com', password: 'wrong-password' },
    ],
    ['customer refresh', '/api/v3/store/auth/refresh', { refresh_token: 'rt_unknown' }],
    ['staff refresh', '/api/v3/admin/auth/refresh', { refresh_token: 'rt_unknown' }],
  ])(
    '%s: the third attempt in a minute from one IP is 429 with Retry-After',
    async (_, path, body) => {
      const ip = `203.0.113.${(lastHost += 1)}`;
      const first = await post(path, body, ip);
      expect(first.status).toBe(401);
      expect(first.headers.get('x-ratelimit-limit')).toBe('2');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
      expect((await post(path, body, ip)).status).toBe(401);
      const third = await post(path, body, ip);
      expectError(third, 429, 'rate_limit_exceeded');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // Another client is not affected.
      expect((await post(path, body, '198.51.100.7')).status).toBe(401);
    },
  );
});
