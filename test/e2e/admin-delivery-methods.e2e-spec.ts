import { DeliveryMethodSchema } from '@spree/sdk/zod';
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

interface Rate {
  name: string;
  cost: string;
  selected: boolean;
  delivery_method_id: string;
}

describe('Admin API: delivery methods', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: SettingsAdmin;
  let otherAdmin: SettingsAdmin;
  let usZone: string;
  let caZone: string;
  let foreignZone: string;

  beforeAll(async () => {
    ({ t, shop, admin, otherAdmin } = await startSettingsShops());
    const zones = (await admin.send('GET', '/zones?per_page=100')).body.data;
    usZone = zones.find((zone: { name: string }) => zone.name === 'US').id;
    caZone = (await admin.send('POST', '/zones', { name: 'Canada', countries: ['CA'] })).body.id;
    foreignZone = (await otherAdmin.send('GET', '/zones?per_page=100')).body.data[0].id;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => t?.close());

  const stored = async (publicId: string) => {
    const [row] = await t.dataSource.query(
      `SELECT name, code, calculator, currency, amount::text AS amount,
              minimum_amount::text AS minimum_amount, display_on, active, position,
              ARRAY(SELECT zone_id::text AS zone_key FROM delivery_method_zones
                    WHERE delivery_method_id = dm.id ORDER BY zone_id) AS zone_keys
       FROM delivery_methods dm WHERE id = $1`,
      [keyOf(t, 'dm', publicId)],
    );
    return row;
  };
  const zoneKey = (publicId: string) => keyOf(t, 'zone', publicId);
  const create = (body: Record<string, unknown>) =>
    admin.send('POST', '/delivery_methods', {
      currency: 'USD',
      zone_ids: [usZone],
      calculator: { type: 'flat_rate', amount: '5.00' },
      ...body,
    });

  describe('creating and changing', () => {
    it('creates a method for several zones with a code, stores it and publishes delivery_method.created', async () => {
      const response = await create({
        name: 'North America ground',
        code: 'NA_GROUND',
        zone_ids: [caZone, usZone],
        calculator: { type: 'flat_rate', amount: '8.5' },
        display_on: 'front_end',
        position: 7,
      });
      expect(response.status).toBe(201);
      expect(DeliveryMethodSchema.parse(response.body)).toEqual({
        id: response.body.id,
        name: 'North America ground',
        code: 'NA_GROUND',
      });
      expect(response.body).toMatchObject({
        zone_ids: expect.arrayContaining([usZone, caZone]),
        currency: 'USD',
        calculator: { type: 'flat_rate', amount: '8.50', minimum_amount: null },
        display_on: 'front_end',
        active: true,
        position: 7,
      });
      expect(response.body.zone_ids).toHaveLength(2);
      expect(await stored(response.body.id)).toEqual({
        name: 'North America ground',
        code: 'NA_GROUND',
        calculator: 'flat_rate',
        currency: 'USD',
        amount: '8.5000',
        minimum_amount: null,
        display_on: 'front_end',
        active: true,
        position: 7,
        zone_keys: [zoneKey(usZone), zoneKey(caZone)].sort((a, b) => Number(a) - Number(b)),
      });
      const events = await admin.events('delivery_method.created', response.body.id);
      expect(events.map((event) => event.payload)).toEqual([response.body]);
      expect((await admin.send('GET', `/delivery_methods/${response.body.id}`)).body).toEqual(
        response.body,
      );
      const list = await admin.send('GET', '/delivery_methods?per_page=100');
      expect(list.status).toBe(200);
      expect(list.body.data.map((method: { id: string }) => method.id)).toContain(response.body.id);
      const positions = list.body.data.map((method: { position: number }) => method.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    });

    it('stores each calculator with its preferences', async () => {
      const perItem = await create({
        name: 'Per item',
        calculator: { type: 'per_item', amount: 1.25 },
      });
      expect(perItem.status).toBe(201);
      expect(perItem.body.calculator).toMatchObject({ type: 'per_item', amount: '1.25' });
      const free = await create({
        name: 'Free over',
        calculator: { type: 'free_over_amount', amount: '9.99', minimum_amount: '100' },
      });
      expect(free.status).toBe(201);
      expect(free.body.calculator).toMatchObject({
        type: 'free_over_amount',
        amount: '9.99',
        minimum_amount: '100.00',
      });
      expect(await stored(free.body.id)).toMatchObject({
        calculator: 'free_over_amount',
        amount: '9.9900',
        minimum_amount: '100.0000',
      });
      const zero = await create({ name: 'Zero', calculator: { type: 'flat_rate', amount: '0' } });
      expect(zero.status).toBe(201);
      expect(zero.body.calculator.amount).toBe('0.00');
      for (const id of [perItem.body.id, free.body.id, zero.body.id])
        expect(
          (await admin.send('PATCH', `/delivery_methods/${id}`, { active: false })).status,
        ).toBe(200);
    });

    it('changes zones, code, calculator and flags, publishing delivery_method.updated', async () => {
      const method = (await create({ name: 'Changing', code: 'CHG' })).body;
      const updated = await admin.send('PATCH', `/delivery_methods/${method.id}`, {
        zone_ids: [caZone],
        code: null,
        calculator: { type: 'free_over_amount', amount: '4', minimum_amount: '50.00' },
        display_on: 'back_end',
        active: false,
        position: 3,
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        zone_ids: [caZone],
        code: null,
        calculator: { type: 'free_over_amount', amount: '4.00', minimum_amount: '50.00' },
        display_on: 'back_end',
        active: false,
        position: 3,
      });
      expect(await stored(method.id)).toMatchObject({
        code: null,
        zone_keys: [zoneKey(caZone)],
        minimum_amount: '50.0000',
        display_on: 'back_end',
        active: false,
      });
      const [event] = await admin.events('delivery_method.updated', method.id);
      expect(event.payload).toEqual(updated.body);
      // A currency change keeps the calculator, its amounts checked in the new currency.
      const euros = await admin.send('PATCH', `/delivery_methods/${method.id}`, {
        currency: 'EUR',
      });
      expect(euros.body).toMatchObject({ currency: 'EUR', calculator: { amount: '4.00' } });
    });
  });

  describe('validation', () => {
    it('refuses bad methods with 422 validation_error naming the field, storing nothing', async () => {
      await create({ name: 'Taken code', code: 'TAKEN' });
      const cases: [Record<string, unknown>, string][] = [
        [{ name: undefined }, 'name'],
        [{ name: 'x', zone_ids: [] }, 'zone_ids'],
        [{ name: 'x', zone_ids: [usZone, usZone] }, 'zone_ids'],
        [{ name: 'x', zone_ids: [foreignZone] }, 'zone_ids'],
        [{ name: 'x', zone_ids: ['zone_nope'] }, 'zone_ids'],
        [{ name: 'x', currency: 'usd' }, 'currency'],
        [{ name: 'x', currency: 'GBP' }, 'currency'],
        [{ name: 'x', calculator: { type: 'by_weight', amount: '1' } }, 'calculator'],
        [{ name: 'x', calculator: { type: 'flat_rate', amount: '-1' } }, 'calculator'],
        [{ name: 'x', calculator: { type: 'flat_rate', amount: -1 } }, 'calculator'],
        [{ name: 'x', calculator: { type: 'flat_rate', amount: '1e3' } }, 'calculator'],
        [{ name: 'x', calculator: { type: 'flat_rate' } }, 'calculator'],
        [{ name: 'x', calculator: { type: 'flat_rate', amount: '5.555' } }, 'calculator.amount'],
        [
          {
            name: 'x',
            currency: 'EUR',
            calculator: { type: 'per_item', amount: '1', minimum_amount: '5' },
          },
          'calculator.minimum_amount',
        ],
        [
          { name: 'x', calculator: { type: 'free_over_amount', amount: '5' } },
          'calculator.minimum_amount',
        ],
        [
          {
            name: 'x',
            calculator: { type: 'free_over_amount', amount: '5', minimum_amount: 'lots' },
          },
          'calculator',
        ],
        [{ name: 'x', display_on: 'everywhere' }, 'display_on'],
        [{ name: 'x', active: 'yes' }, 'active'],
        [{ name: 'x', position: -1 }, 'position'],
        [{ name: 'x', code: 'has space' }, 'code'],
        [{ name: 'x', code: 'TAKEN' }, 'code'],
      ];
      const before = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM delivery_methods WHERE store_id = $1`,
        [admin.storeKey],
      );
      for (const [body, field] of cases) {
        const response = await create(body);
        expect({ body, status: response.status }).toEqual({ body, status: 422 });
        const details = expectError(response, 422, 'validation_error');
        const fields = Object.keys(details ?? {});
        expect({ body, named: fields.some((name) => name.startsWith(field)) }).toEqual({
          body,
          named: true,
        });
      }
      expect(
        await t.dataSource.query(
          `SELECT count(*)::int AS n FROM delivery_methods WHERE store_id = $1`,
          [admin.storeKey],
        ),
      ).toEqual(before);
    });

    it('refuses a change that would not fit the method: amounts finer than the new currency', async () => {
      const method = (
        await create({ name: 'Cents', calculator: { type: 'flat_rate', amount: '5.50' } })
      ).body;
      const details = expectError(
        await admin.send('PATCH', `/delivery_methods/${method.id}`, { currency: 'JPY' }),
        422,
        'validation_error',
      );
      expect(Object.keys(details ?? {})).toEqual(['calculator.amount']);
      expect(await stored(method.id)).toMatchObject({ currency: 'USD', amount: '5.5000' });
    });
  });

  describe('deleting and access', () => {
    it('deletes an unused method, publishing delivery_method.deleted; refuses one offered on a cart', async () => {
      const unused = (await create({ name: 'Unused', zone_ids: [caZone] })).body;
      expect((await admin.send('DELETE', `/delivery_methods/${unused.id}`)).status).toBe(204);
      expect(await stored(unused.id)).toBeUndefined();
      const [event] = await admin.events('delivery_method.deleted', unused.id);
      expect(event.payload).toMatchObject({ id: unused.id, zone_ids: [caZone] });

      const offered = (await create({ name: 'Offered' })).body;
      const cart = new CartClient(t, shop);
      await cart.create();
      const [variant] = await demoVariants(t, shop);
      await cart.addItem(variant.id, 1);
      expect((await cart.address(US_ADDRESS)).status).toBe(200);
      const details = expectError(
        await admin.send('DELETE', `/delivery_methods/${offered.id}`),
        422,
        'resource_invalid',
      );
      expect(details).toHaveProperty('delivery_rates');
      expect(await stored(offered.id)).toBeDefined();
      expect(
        (await admin.send('PATCH', `/delivery_methods/${offered.id}`, { active: false })).status,
      ).toBe(200);
    });

    it('answers reads racing a delete with the whole method or 404, never an error', async () => {
      const doomed = (await create({ name: 'Doomed', zone_ids: [usZone, caZone] })).body;
      const reads = Array.from({ length: 30 }, () =>
        admin.send('GET', `/delivery_methods/${doomed.id}`),
      );
      const [deleted, ...answers] = await Promise.all([
        admin.send('DELETE', `/delivery_methods/${doomed.id}`),
        ...reads,
      ]);
      expect(deleted.status).toBe(204);
      for (const answer of answers) {
        if (answer.status === 404) expectError(answer, 404, 'record_not_found');
        else expect(answer.body).toMatchObject({ id: doomed.id, zone_ids: [usZone, caZone] });
      }
      expectError(
        await admin.send('GET', `/delivery_methods/${doomed.id}`),
        404,
        'record_not_found',
      );
    });

    it('answers 404 record_not_found for another store’s method and an unknown id', async () => {
      const foreign = (
        await otherAdmin.send('POST', '/delivery_methods', {
          name: 'Theirs',
          zone_ids: [foreignZone],
          currency: 'USD',
          calculator: { type: 'flat_rate', amount: '1' },
        })
      ).body;
      for (const [method, json] of [
        ['GET', undefined],
        ['PATCH', { name: 'Mine now' }],
        ['DELETE', undefined],
      ] as const) {
        for (const id of [foreign.id, 'dm_unknown1', 'not-an-id'])
          expectError(
            await admin.send(method, `/delivery_methods/${id}`, json),
            404,
            'record_not_found',
          );
      }
      expect(await stored(foreign.id)).toMatchObject({ name: 'Theirs' });
      const list = await admin.send('GET', '/delivery_methods?per_page=100');
      expect(list.body.data.map((method: { id: string }) => method.id)).not.toContain(foreign.id);
    });

    it('refuses keys and staff without read_settings / write_settings', async () => {
      const method = (await create({ name: 'Scoped' })).body;
      for (const route of settingsRoutes('/delivery_methods', method.id)) {
        await admin.expectRefused(
          route,
          route.scope,
          route.scope === 'read_settings' ? ['read_orders'] : ['read_settings'],
        );
      }
      expect(await stored(method.id)).toMatchObject({ name: 'Scoped' });
    });
  });

  describe('the storefront', () => {
    const ratesOf = (view: Record<string, any>): Rate[] =>
      view.fulfillments.flatMap((f: { delivery_rates: Rate[] }) => f.delivery_rates);

    it('offers a method’s new price, calculator, zones and availability on the cart’s next change', async () => {
      const cart = new CartClient(t, shop);
      await cart.create();
      const [variant] = await demoVariants(t, shop);
      expect((await cart.addItem(variant.id, 2)).status).toBe(201);
      const itemTotal = Number((await cart.address(US_ADDRESS)).body.item_total);

      const method = (
        await create({
          name: 'Courier',
          zone_ids: [caZone],
          calculator: { type: 'flat_rate', amount: '12.00' },
        })
      ).body;
      const rateOf = async () =>
        ratesOf((await cart.address(US_ADDRESS)).body).find((rate) => rate.name === 'Courier');
      expect(await rateOf()).toBeUndefined();

      const patch = async (body: Record<string, unknown>) =>
        expect((await admin.send('PATCH', `/delivery_methods/${method.id}`, body)).status).toBe(
          200,
        );
      await patch({ zone_ids: [caZone, usZone] });
      expect((await rateOf())?.cost).toBe('12.00');
      await patch({ calculator: { type: 'flat_rate', amount: '15.00' } });
      expect((await rateOf())?.cost).toBe('15.00');
      await patch({ calculator: { type: 'per_item', amount: '3.00' } });
      expect((await rateOf())?.cost).toBe('6.00');
      await patch({
        calculator: { type: 'free_over_amount', amount: '9.00', minimum_amount: String(itemTotal) },
      });
      expect((await rateOf())?.cost).toBe('0.00');
      await patch({
        calculator: {
          type: 'free_over_amount',
          amount: '9.00',
          minimum_amount: (itemTotal + 0.01).toFixed(2),
        },
      });
      expect((await rateOf())?.cost).toBe('9.00');
      await patch({ display_on: 'back_end' });
      expect(await rateOf()).toBeUndefined();
      await patch({ display_on: 'both' });
      expect((await rateOf())?.cost).toBe('9.00');
      await patch({ active: false });
      expect(await rateOf()).toBeUndefined();
    });

    it('makes a zone a market of the Store API at once while an active method ships there', async () => {
      const marketOf = async () => {
        const response = await t.http.request('GET', '/api/v3/store/countries/NZ', {
          headers: { 'x-store-api-key': shop.publishable_key },
        });
        expect(response.status).toBe(200);
        return response.body.market;
      };
      expect(await marketOf()).toBeNull();
      const zone = (await admin.send('POST', '/zones', { name: 'New Zealand', countries: ['NZ'] }))
        .body;
      const method = (
        await create({
          name: 'NZ post',
          zone_ids: [caZone, zone.id],
          currency: 'EUR',
          calculator: { type: 'flat_rate', amount: '20.00' },
        })
      ).body;
      expect(await marketOf()).toMatchObject({ id: zone.id, name: 'New Zealand', currency: 'EUR' });
      await admin.send('PATCH', `/delivery_methods/${method.id}`, { active: false });
      expect(await marketOf()).toBeNull();
    });

    it('changes the cart’s delivery total when the selected method’s price changes', async () => {
      const cart = new CartClient(t, shop);
      await cart.create();
      const [variant] = await demoVariants(t, shop);
      await cart.addItem(variant.id, 1);
      const method = (
        await create({
          name: 'Cheapest',
          position: 0,
          calculator: { type: 'flat_rate', amount: '0.50' },
        })
      ).body;
      const first = await cart.address(US_ADDRESS);
      const selected = ratesOf(first.body).find((rate) => rate.selected);
      expect(selected).toMatchObject({ name: 'Cheapest', cost: '0.50' });
      expect(first.body.ship_total).toBe('0.50');
      expect(
        (
          await admin.send('PATCH', `/delivery_methods/${method.id}`, {
            calculator: { type: 'flat_rate', amount: '0.75' },
          })
        ).status,
      ).toBe(200);
      const second = await cart.update({ special_instructions: 'Leave at the door' });
      expect(second.status).toBe(200);
      expect(ratesOf(second.body).find((rate) => rate.selected)).toMatchObject({
        name: 'Cheapest',
        cost: '0.75',
      });
      expect(second.body.ship_total).toBe('0.75');
      await admin.send('PATCH', `/delivery_methods/${method.id}`, { active: false });
    });
  });
});
