import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  demoVariants,
  SETUP_TIMEOUT_MS,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import {
  type SettingsAdmin,
  settingsRoutes,
  startSettingsShops,
} from '../helpers/settings-fixtures.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

const CALIFORNIA = {
  ...US_ADDRESS,
  address1: '1 Market St',
  city: 'San Francisco',
  zipcode: '94105',
  state_name: 'CA',
};

describe('Admin API: zones of countries and of states', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: SettingsAdmin;
  let otherAdmin: SettingsAdmin;

  beforeAll(async () => {
    ({ t, shop, admin, otherAdmin } = await startSettingsShops());
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => t?.close());

  const storedZone = async (publicId: string) => {
    const [row] = await t.dataSource.query(
      `SELECT store_id::text AS store_id, name, kind, country_isos, state_codes
       FROM zones WHERE id = $1`,
      [keyOf(t, 'zone', publicId)],
    );
    return row;
  };

  describe('country zones', () => {
    it('creates one, upper-casing its countries, stores it and publishes zone.created', async () => {
      const created = await admin.send('POST', '/zones', {
        name: 'Nordics',
        description: 'North',
        countries: ['se', 'NO'],
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Nordics',
        description: 'North',
        kind: 'country',
        countries: ['SE', 'NO'],
        states: [],
      });
      expect(created.body.id).toMatch(/^zone_/);
      expect(await storedZone(created.body.id)).toEqual({
        store_id: admin.storeKey,
        name: 'Nordics',
        kind: 'country',
        country_isos: ['SE', 'NO'],
        state_codes: [],
      });
      const events = await admin.events('zone.created', created.body.id);
      expect(events.map((event) => event.payload)).toEqual([created.body]);

      expect((await admin.send('GET', `/zones/${created.body.id}`)).body).toEqual(created.body);
      const list = await admin.send('GET', '/zones?per_page=100');
      expect(list.status).toBe(200);
      expect(list.body.data.map((zone: { name: string }) => zone.name)).toEqual(
        expect.arrayContaining(['EU', 'Nordics', 'US']),
      );
      expect(list.body.meta).toMatchObject({ count: list.body.data.length });
    });

    it('changes its countries and publishes zone.updated', async () => {
      const zone = (await admin.send('POST', '/zones', { name: 'Baltics', countries: ['EE'] }))
        .body;
      const updated = await admin.send('PATCH', `/zones/${zone.id}`, {
        countries: ['EE', 'lv', 'LT'],
      });
      expect(updated.status).toBe(200);
      expect(updated.body.countries).toEqual(['EE', 'LV', 'LT']);
      expect((await storedZone(zone.id)).country_isos).toEqual(['EE', 'LV', 'LT']);
      const [event] = await admin.events('zone.updated', zone.id);
      expect(event.payload).toEqual(updated.body);
    });

    it('refuses bad zones with 422 validation_error naming the field', async () => {
      const cases: [unknown, string][] = [
        [{ countries: ['US'] }, 'name'],
        [{ name: 'Bad', countries: ['ZZ'] }, 'countries'],
        [{ name: 'Bad', countries: ['USA'] }, 'countries'],
        [{ name: 'Bad', countries: [] }, 'countries'],
        [{ name: 'Bad' }, 'countries'],
        [{ name: 'Bad', kind: 'city', countries: ['US'] }, 'kind'],
        [{ name: 'Bad', countries: ['US'], states: ['US-VA'] }, 'states'],
        [{ name: 'US', countries: ['US'] }, 'name'],
      ];
      for (const [body, field] of cases) {
        const response = await admin.send('POST', '/zones', body);
        expect({ body, status: response.status }).toEqual({ body, status: 422 });
        const details = expectError(response, 422, 'validation_error');
        expect({ body, fields: Object.keys(details ?? {}) }).toEqual({
          body,
          fields: expect.arrayContaining([field]),
        });
      }
      expect(
        await t.dataSource.query(`SELECT 1 FROM zones WHERE store_id = $1 AND name = 'Bad'`, [
          admin.storeKey,
        ]),
      ).toEqual([]);
    });
  });

  describe('state zones', () => {
    it('creates one of states, its countries following them, and stores its state codes', async () => {
      const created = await admin.send('POST', '/zones', {
        name: 'Mid-Atlantic',
        kind: 'state',
        states: ['us-va', 'US-MD', 'US-VA'],
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        kind: 'state',
        countries: ['US'],
        states: ['US-VA', 'US-MD'],
      });
      expect(await storedZone(created.body.id)).toMatchObject({
        kind: 'state',
        country_isos: ['US'],
        state_codes: ['US-VA', 'US-MD'],
      });
      expect(await admin.events('zone.created', created.body.id)).toHaveLength(1);
    });

    it('refuses unknown states, countries on a state zone and a state zone without states', async () => {
      const cases: [unknown, string][] = [
        [{ name: 'S1', kind: 'state', states: ['US-ZZ'] }, 'states'],
        [{ name: 'S2', kind: 'state', states: ['Virginia'] }, 'states'],
        [{ name: 'S3', kind: 'state' }, 'states'],
        [{ name: 'S4', kind: 'state', states: ['US-VA'], countries: ['US'] }, 'countries'],
      ];
      for (const [body, field] of cases) {
        const response = await admin.send('POST', '/zones', body);
        expect({ body, status: response.status }).toEqual({ body, status: 422 });
        const details = expectError(response, 422, 'validation_error');
        expect({ body, fields: Object.keys(details ?? {}) }).toEqual({
          body,
          fields: expect.arrayContaining([field]),
        });
      }
    });

    it('switches a zone between kinds only with the members of the new kind', async () => {
      const zone = (await admin.send('POST', '/zones', { name: 'Switching', countries: ['CA'] }))
        .body;
      expectError(
        await admin.send('PATCH', `/zones/${zone.id}`, { kind: 'state' }),
        422,
        'validation_error',
      );
      const toStates = await admin.send('PATCH', `/zones/${zone.id}`, {
        kind: 'state',
        states: ['CA-ON', 'CA-QC'],
      });
      expect(toStates.status).toBe(200);
      expect(toStates.body).toMatchObject({
        kind: 'state',
        countries: ['CA'],
        states: ['CA-ON', 'CA-QC'],
      });
      expectError(
        await admin.send('PATCH', `/zones/${zone.id}`, { countries: ['US'] }),
        422,
        'validation_error',
      );
      const toCountries = await admin.send('PATCH', `/zones/${zone.id}`, {
        kind: 'country',
        countries: ['CA', 'US'],
      });
      expect(toCountries.body).toMatchObject({
        kind: 'country',
        countries: ['CA', 'US'],
        states: [],
      });
      expect(await storedZone(zone.id)).toMatchObject({ kind: 'country', state_codes: [] });
      expect(await admin.events('zone.updated', zone.id)).toHaveLength(2);
    });
  });

  describe('deleting', () => {
    it('deletes an unused zone and publishes zone.deleted', async () => {
      const zone = (await admin.send('POST', '/zones', { name: 'Short-lived', countries: ['FI'] }))
        .body;
      expect((await admin.send('DELETE', `/zones/${zone.id}`)).status).toBe(204);
      expect(await storedZone(zone.id)).toBeUndefined();
      const [event] = await admin.events('zone.deleted', zone.id);
      expect(event.payload).toMatchObject({ id: zone.id, name: 'Short-lived' });
      expectError(await admin.send('GET', `/zones/${zone.id}`), 404, 'record_not_found');
    });

    it('refuses to delete a zone a tax rate or a delivery method uses: 422 resource_invalid', async () => {
      const zone = (await admin.send('POST', '/zones', { name: 'Iceland', countries: ['IS'] }))
        .body;
      const rate = await admin.send('POST', '/tax_rates', {
        name: 'VSK',
        rate: '0.24',
        zone_id: zone.id,
      });
      expect(rate.status).toBe(201);
      const method = await admin.send('POST', '/delivery_methods', {
        name: 'Iceland post',
        zone_ids: [zone.id],
        currency: 'EUR',
        calculator: { type: 'flat_rate', amount: '9.00' },
      });
      expect(method.status).toBe(201);
      const details = expectError(
        await admin.send('DELETE', `/zones/${zone.id}`),
        422,
        'resource_invalid',
      );
      expect(Object.keys(details ?? {}).sort()).toEqual(['delivery_methods', 'tax_rates']);
      expect(await storedZone(zone.id)).toBeDefined();
      expect((await admin.send('DELETE', `/tax_rates/${rate.body.id}`)).status).toBe(204);
      expect((await admin.send('DELETE', `/delivery_methods/${method.body.id}`)).status).toBe(204);
      expect((await admin.send('DELETE', `/zones/${zone.id}`)).status).toBe(204);
    });
  });

  it('lets tax rates apply to the store’s own zones only', async () => {
    const foreign = (
      await otherAdmin.send('POST', '/zones', { name: 'Elsewhere', countries: ['JP'] })
    ).body;
    for (const zoneId of [foreign.id, 'zone_unknown1']) {
      const details = expectError(
        await admin.send('POST', '/tax_rates', { name: 'x', rate: '0.1', zone_id: zoneId }),
        422,
        'validation_error',
      );
      expect(details).toHaveProperty('zone_id');
    }
  });

  describe('access', () => {
    it('answers 404 record_not_found for another store’s zone and an unknown id', async () => {
      const foreign = (
        await otherAdmin.send('POST', '/zones', { name: 'Theirs', countries: ['JP'] })
      ).body;
      for (const [method, json] of [
        ['GET', undefined],
        ['PATCH', { name: 'Mine now' }],
        ['DELETE', undefined],
      ] as const) {
        expectError(
          await admin.send(method, `/zones/${foreign.id}`, json),
          404,
          'record_not_found',
        );
        expectError(
          await admin.send(method, '/zones/zone_unknown1', json),
          404,
          'record_not_found',
        );
      }
      expect(await storedZone(foreign.id)).toMatchObject({ name: 'Theirs' });
      const mine = await admin.send('GET', '/zones?per_page=100');
      expect(mine.body.data.map((zone: { id: string }) => zone.id)).not.toContain(foreign.id);
    });

    it('refuses keys and staff without read_settings / write_settings', async () => {
      const zone = (await admin.send('POST', '/zones', { name: 'Scoped', countries: ['PT'] })).body;
      for (const route of settingsRoutes('/zones', zone.id, { name: 'x', countries: ['PT'] })) {
        await admin.expectRefused(
          route,
          route.scope,
          route.scope === 'read_settings' ? ['read_orders'] : ['read_settings'],
        );
      }
      expect(await storedZone(zone.id)).toMatchObject({ name: 'Scoped' });
    });
  });

  describe('the storefront', () => {
    const taxOf = (view: Record<string, any>) => Math.round(Number(view.tax_total) * 100);
    const rateNames = (view: Record<string, any>) =>
      view.fulfillments.flatMap((f: { delivery_rates: { name: string }[] }) =>
        f.delivery_rates.map((rate) => rate.name),
      );

    it('taxes and ships to an address in a state of a state zone, by abbreviation or name, and not elsewhere', async () => {
      const [variant] = await demoVariants(t, shop);
      const cartAt = async (address: Record<string, unknown>) => {
        const cart = new CartClient(t, shop);
        await cart.create();
        expect((await cart.addItem(variant.id, 2)).status).toBe(201);
        const addressed = await cart.address(address);
        expect(addressed.status).toBe(200);
        return { cart, view: addressed.body };
      };
      const beforeVa = await cartAt(US_ADDRESS);
      const beforeCa = await cartAt(CALIFORNIA);

      const zone = (
        await admin.send('POST', '/zones', { name: 'Virginia', kind: 'state', states: ['US-VA'] })
      ).body;
      const rate = await admin.send('POST', '/tax_rates', {
        name: 'Virginia tax',
        rate: '0.1',
        zone_id: zone.id,
      });
      expect(rate.status).toBe(201);
      const method = await admin.send('POST', '/delivery_methods', {
        name: 'Virginia courier',
        zone_ids: [zone.id],
        currency: 'USD',
        calculator: { type: 'flat_rate', amount: '7.00' },
      });
      expect(method.status).toBe(201);

      const itemCents = Math.round(Number(beforeVa.view.item_total) * 100);
      const va = await beforeVa.cart.address(US_ADDRESS);
      expect(taxOf(va.body) - taxOf(beforeVa.view)).toBe(Math.round(itemCents * 0.1));
      expect(rateNames(va.body)).toContain('Virginia courier');
      const byName = await beforeVa.cart.address({ ...US_ADDRESS, state_name: 'virginia' });
      expect(taxOf(byName.body)).toBe(taxOf(va.body));
      expect(rateNames(byName.body)).toContain('Virginia courier');

      const ca = await beforeCa.cart.address(CALIFORNIA);
      expect(taxOf(ca.body)).toBe(taxOf(beforeCa.view));
      expect(rateNames(ca.body)).not.toContain('Virginia courier');

      // A tax rate's change shows on the cart's next change.
      expect(
        (await admin.send('PATCH', `/tax_rates/${rate.body.id}`, { rate: '0.2' })).status,
      ).toBe(200);
      const raised = await beforeVa.cart.address(US_ADDRESS);
      expect(taxOf(raised.body) - taxOf(beforeVa.view)).toBe(Math.round(itemCents * 0.2));

      // Moving Virginia out of the zone takes its tax and courier away.
      expect((await admin.send('PATCH', `/zones/${zone.id}`, { states: ['US-MD'] })).status).toBe(
        200,
      );
      const moved = await beforeVa.cart.address(US_ADDRESS);
      expect(taxOf(moved.body)).toBe(taxOf(beforeVa.view));
      expect(rateNames(moved.body)).not.toContain('Virginia courier');
    });
  });
});
