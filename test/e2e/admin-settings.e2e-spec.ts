import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  demoVariants,
  SETUP_TIMEOUT_MS,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { insertApiKey, keyOf, storeKeyOf } from '../helpers/staff-fixtures.js';
import { keyHeader } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ADMIN = '/api/v3/admin';

describe('Admin API settings', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;

  const call = (method: string, path: string, json?: unknown, key = shop.secret_key) =>
    t.http.request(method, `${ADMIN}${path}`, { headers: keyHeader(key), json });

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    other = await t.seedStore();
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => t?.close());

  describe('store', () => {
    it('shows the caller’s store with its prefixed id', async () => {
      const response = await call('GET', '/store');
      expect(response.status).toBe(200);
      expect(response.body.id).toBe(shop.store_id);
      expect(response.body.default_currency).toBe('USD');
    });

    it('changes the store, lower-casing domains, and publishes store.updated', async () => {
      const response = await call('PATCH', '/store', {
        name: 'Renamed shop',
        domains: ['Shop-A.Example.com'],
        staff_notification_address: 'ops@example.com',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        name: 'Renamed shop',
        domains: ['shop-a.example.com'],
      });
      const [row] = await t.dataSource.query(
        `SELECT name, domains, staff_notification_address FROM stores WHERE id = $1`,
        [storeKeyOf(t, shop.store_id)],
      );
      expect(row).toEqual({
        name: 'Renamed shop',
        domains: ['shop-a.example.com'],
        staff_notification_address: 'ops@example.com',
      });
      const events = await t.dataSource.query(
        `SELECT name FROM events WHERE store_id = $1 AND name = 'store.updated'`,
        [storeKeyOf(t, shop.store_id)],
      );
      expect(events.length).toBeGreaterThan(0);
    });

    it('refuses a domain of another store and a default currency outside the supported ones', async () => {
      expect(
        (await call('PATCH', '/store', { domains: ['taken.example.com'] }, other.secret_key))
          .status,
      ).toBe(200);
      const taken = expectError(
        await call('PATCH', '/store', { domains: ['TAKEN.example.com'] }),
        422,
        'validation_error',
      );
      expect(taken).toHaveProperty('domains');
      const currency = expectError(
        await call('PATCH', '/store', { default_currency: 'JPY', supported_currencies: ['USD'] }),
        422,
        'validation_error',
      );
      expect(currency).toHaveProperty('default_currency');
      expectError(
        await call('PATCH', '/store', { mail_from_address: 'nope' }),
        422,
        'validation_error',
      );
    });

    it('makes one store the default, un-flagging the others', async () => {
      expect((await call('PATCH', '/store', { is_default: true }, other.secret_key)).status).toBe(
        200,
      );
      expect((await call('PATCH', '/store', { is_default: true })).status).toBe(200);
      const defaults = await t.dataSource.query(
        `SELECT id::text AS id FROM stores WHERE is_default`,
      );
      expect(defaults).toEqual([{ id: storeKeyOf(t, shop.store_id) }]);
    });

    it('needs read_settings to read and write_settings to change', async () => {
      const orders = await insertApiKey(t, shop.store_id, { scopes: ['read_orders'] });
      const reader = await insertApiKey(t, shop.store_id, { scopes: ['read_settings'] });
      const denied = expectError(
        await call('GET', '/store', undefined, orders.token),
        403,
        'access_denied',
      );
      expect(denied).toEqual({ required_scope: 'read_settings' });
      expect((await call('GET', '/store', undefined, reader.token)).status).toBe(200);
      const refused = expectError(
        await call('PATCH', '/store', { name: 'x' }, reader.token),
        403,
        'access_denied',
      );
      expect(refused).toEqual({ required_scope: 'write_settings' });
    });
  });

  describe('zones, tax rates, delivery methods, payment methods', () => {
    it('creates, shows, changes and deletes a zone; refuses unknown countries; hides other stores’ zones', async () => {
      const created = await call('POST', '/zones', { name: 'Nordics', countries: ['se', 'NO'] });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Nordics', countries: ['SE', 'NO'] });
      const [row] = await t.dataSource.query(`SELECT country_isos FROM zones WHERE id = $1`, [
        keyOf(t, 'zone', created.body.id),
      ]);
      expect(row.country_isos).toEqual(['SE', 'NO']);

      expect((await call('GET', `/zones/${created.body.id}`)).body.name).toBe('Nordics');
      expectError(
        await call('GET', `/zones/${created.body.id}`, undefined, other.secret_key),
        404,
        'record_not_found',
      );
      const updated = await call('PATCH', `/zones/${created.body.id}`, { countries: ['FI'] });
      expect(updated.body.countries).toEqual(['FI']);
      expectError(
        await call('POST', '/zones', { name: 'Bad', countries: ['ZZ'] }),
        422,
        'validation_error',
      );
      expectError(await call('POST', '/zones', { countries: ['US'] }), 422, 'validation_error');

      expect((await call('DELETE', `/zones/${created.body.id}`)).status).toBe(204);
      expect(
        await t.dataSource.query(`SELECT 1 FROM zones WHERE id = $1`, [
          keyOf(t, 'zone', created.body.id),
        ]),
      ).toEqual([]);
    });

    it('refuses to delete a zone a tax rate uses: 422 resource_invalid with details', async () => {
      const zone = (await call('POST', '/zones', { name: 'Iceland', countries: ['IS'] })).body;
      const rate = await call('POST', '/tax_rates', {
        name: 'VSK',
        rate: '0.24',
        zone_id: zone.id,
      });
      expect(rate.status).toBe(201);
      expect(rate.body).toMatchObject({ rate: '0.24', zone_id: zone.id, tax_category: 'default' });
      const details = expectError(
        await call('DELETE', `/zones/${zone.id}`),
        422,
        'resource_invalid',
      );
      expect(details).toHaveProperty('tax_rates');
      expect((await call('DELETE', `/tax_rates/${rate.body.id}`)).status).toBe(204);
      expect((await call('DELETE', `/zones/${zone.id}`)).status).toBe(204);
    });

    it('validates tax rates and delivery methods', async () => {
      const zone = (await call('POST', '/zones', { name: 'Japan', countries: ['JP'] })).body;
      expectError(
        await call('POST', '/tax_rates', { name: 'x', rate: '1.5', zone_id: zone.id }),
        422,
        'validation_error',
      );
      expectError(
        await call('POST', '/tax_rates', { name: 'x', rate: 0.1, zone_id: zone.id }),
        422,
        'validation_error',
      );
      const foreignZone = (
        await call('POST', '/zones', { name: 'Elsewhere', countries: ['JP'] }, other.secret_key)
      ).body;
      expectError(
        await call('POST', '/tax_rates', { name: 'x', rate: '0.1', zone_id: foreignZone.id }),
        422,
        'validation_error',
      );
      expectError(
        await call('POST', '/delivery_methods', {
          name: 'x',
          zone_ids: [zone.id],
          currency: 'JPY',
          calculator: { type: 'flat_rate', amount: '5.50' },
        }),
        422,
        'validation_error',
      );
      expectError(
        await call('POST', '/delivery_methods', {
          name: 'x',
          zone_ids: [zone.id],
          currency: 'JPY',
          calculator: { type: 'free_over_amount', amount: '500' },
        }),
        422,
        'validation_error',
      );
    });

    it('creates and deletes a payment method; refuses another store’s and a bad type', async () => {
      const created = await call('POST', '/payment_methods', {
        name: 'Wire',
        type: 'check',
        position: 9,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Wire',
        type: 'check',
        active: true,
        position: 9,
      });
      expectError(
        await call('GET', `/payment_methods/${created.body.id}`, undefined, other.secret_key),
        404,
        'record_not_found',
      );
      expectError(
        await call('POST', '/payment_methods', { name: 'x', type: 'bitcoin' }),
        422,
        'validation_error',
      );
      const events = await t.dataSource.query(
        `SELECT name FROM events WHERE store_id = $1 AND name = 'payment_method.created'`,
        [storeKeyOf(t, shop.store_id)],
      );
      expect(events.length).toBe(1);
      expect((await call('DELETE', `/payment_methods/${created.body.id}`)).status).toBe(204);
    });
  });

  it('changes a Store API cart’s rates and totals at once when a tax rate and a delivery method are created', async () => {
    const cart = new CartClient(t, shop);
    await cart.create();
    const [variant] = await demoVariants(t, shop);
    expect((await cart.addItem(variant.id, 1)).status).toBe(201);
    const before = await cart.address(US_ADDRESS);
    expect(before.status).toBe(200);

    const zone = (await call('POST', '/zones', { name: 'Virginia test', countries: ['US'] })).body;
    expect(
      (await call('POST', '/tax_rates', { name: 'Extra tax', rate: '0.1', zone_id: zone.id }))
        .status,
    ).toBe(201);
    const method = await call('POST', '/delivery_methods', {
      name: 'Courier',
      zone_ids: [zone.id],
      currency: 'USD',
      calculator: { type: 'flat_rate', amount: '12.00' },
    });
    expect(method.status).toBe(201);

    const after = await cart.address(US_ADDRESS);
    expect(after.status).toBe(200);
    expect(Number(after.body.tax_total)).toBeGreaterThan(Number(before.body.tax_total));
    const rates = after.body.fulfillments.flatMap(
      (f: { delivery_rates: unknown[] }) => f.delivery_rates,
    );
    expect(
      rates.map((rate: { delivery_method_id?: string; name?: string }) => rate.name),
    ).toContain('Courier');
  });
});
