import { createHmac } from 'node:crypto';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../src/modules/auth/token-lifetimes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { StoreCaller, startCustomersTestApp } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { createStaffUser } from '../helpers/staff-fixtures.js';
import { bearer, claimsOf } from '../helpers/staff-requests.js';
import type { TestApp } from '../helpers/test-app.js';

const nowS = () => Math.floor(Date.now() / 1000);

/**
 * Access tokens are short-lived by construction: one signed with the service's own secret but
 * without an expiry, issued in the future, or living longer than the service gives, is refused.
 */
describe('access tokens whose times the service would never issue', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let staffId: string;
  let customer: { id: string; token: string };

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    staffId = (await createStaffUser(t, shop.store_id, ['write_all'])).id;
    customer = await new StoreCaller(t, shop).register();
  });
  afterAll(() => t.close());

  /**
   * An HS256 JWT of exactly `payload` (no claim added), signed with the app's own JWT_SECRET, as
   * one who holds the secret would forge it.
   */
  const sign = (payload: Record<string, unknown>, audience: string) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...payload, iss: JWT_ISSUER, aud: audience })}`;
    const signature = createHmac('sha256', t.config.JWT_SECRET!)
      .update(unsigned)
      .digest('base64url');
    return `${unsigned}.${signature}`;
  };
  const staffClaims = (times: Record<string, unknown>) => ({
    sub: staffId,
    store: shop.store_id,
    scopes: ['write_all'],
    ...times,
  });
  const customerClaims = (times: Record<string, unknown>) => ({
    sub: customer.id,
    store: shop.store_id,
    ...times,
  });
  const asStaff = (token: string) => t.http.get('/api/v3/admin/orders?limit=1', bearer(token));
  const asCustomer = (token: string) =>
    t.http.get('/api/v3/store/customers/me', {
      'x-store-api-key': shop.publishable_key,
      ...bearer(token),
    });

  it('admits tokens signed the way the service signs them (the control)', async () => {
    const staff = sign(staffClaims({ iat: nowS(), exp: nowS() + 60 }), JWT_AUDIENCE.staff);
    expect((await asStaff(staff)).status).toBe(200);
    const shopper = sign(customerClaims({ iat: nowS(), exp: nowS() + 60 }), JWT_AUDIENCE.customer);
    const me = await asCustomer(shopper);
    expect({ status: me.status, id: me.body.id }).toEqual({ status: 200, id: customer.id });
  });

  it('refuses a staff token without exp: 401 invalid_token', async () => {
    const token = sign(staffClaims({ iat: nowS() }), JWT_AUDIENCE.staff);
    expect(claimsOf(token)).not.toHaveProperty('exp');
    expectError(await asStaff(token), 401, 'invalid_token');
  });

  it('refuses a customer token without exp: 401 invalid_token', async () => {
    const token = sign(customerClaims({ iat: nowS() }), JWT_AUDIENCE.customer);
    expectError(await asCustomer(token), 401, 'invalid_token');
  });

  it.each([
    ['a non-numeric exp', () => ({ iat: nowS(), exp: String(nowS() + 60) })],
    ['no iat', () => ({ exp: nowS() + 60 })],
    ['an iat in the future', () => ({ iat: nowS() + 3600, exp: nowS() + 3660 })],
    ['a life longer than 5 minutes', () => ({ iat: nowS(), exp: nowS() + 24 * 3600 })],
  ])('refuses a staff token with %s: 401 invalid_token', async (_, times) => {
    expectError(
      await asStaff(sign(staffClaims(times()), JWT_AUDIENCE.staff)),
      401,
      'invalid_token',
    );
  });

  it('refuses a customer token living longer than an hour: 401 invalid_token', async () => {
    const token = sign(
      customerClaims({ iat: nowS(), exp: nowS() + 30 * 24 * 3600 }),
      JWT_AUDIENCE.customer,
    );
    expectError(await asCustomer(token), 401, 'invalid_token');
  });
});
