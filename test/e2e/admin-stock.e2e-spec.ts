import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller, Ids, issueSecretKey, staffToken } from '../helpers/customers-fixtures.js';
import {
  expectCrossStore404,
  expectScopeRefusals,
  startAdminShops,
  type StoredEvents,
} from '../helpers/admin-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Admin API: stock', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let events: StoredEvents;
  let mainLocation: Record<string, any>;

  beforeAll(async () => {
    ({ t, shop, other, admin, otherAdmin, events } = await startAdminShops());
    const locations = await admin.call('GET', '/stock_locations');
    expect(locations.status).toBe(200);
    mainLocation = locations.body.data[0];
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const storedCount = async (itemId: string): Promise<number> => {
    const [row] = await t.dataSource.query('SELECT count_on_hand FROM stock_items WHERE id = $1', [
      keyOf(t, ID_PREFIX.stockItem, itemId),
    ]);
    return row.count_on_hand;
  };
  const movementCount = async (itemId: string): Promise<number> => {
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM stock_movements WHERE stock_item_id = $1',
      [keyOf(t, ID_PREFIX.stockItem, itemId)],
    );
    return count;
  };
  const createLocation = async (fields: Record<string, unknown> = {}) => {
    const response = await admin.call('POST', '/stock_locations', {
      json: { name: `Depot ${Math.random().toString(36).slice(2, 8)}`, ...fields },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  /** The item of a demo variant at the seeded warehouse. */
  const mainItemOf = async (caller: AdminCaller, variantId: string) => {
    const response = await caller.call(
      'GET',
      `/stock_items?variant_id=${variantId}&stock_location_id=${mainLocation.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    return response.body.data[0];
  };

  describe('stock locations', () => {
    it('creates a location in the v3 shape with its address, publishing stock_location.created', async () => {
      const response = await admin.call('POST', '/stock_locations', {
        json: {
          name: '  East depot ',
          address1: '5 Harbor Rd',
          city: 'Boston',
          zipcode: '02110',
          state_name: 'MA',
          country_iso: 'us',
          phone: '555-0101',
        },
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^sloc_/),
        name: 'East depot',
        active: true,
        default: false,
        address1: '5 Harbor Rd',
        address2: null,
        city: 'Boston',
        zipcode: '02110',
        phone: '555-0101',
        state_name: 'MA',
        state_text: 'MA',
        state_abbr: null,
        country_iso: 'US',
        country_name: 'United States',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const [event] = await events.named('stock_location.created', response.body.id);
      expect(event.payload).toEqual(response.body);
      expect((await admin.call('GET', `/stock_locations/${response.body.id}`)).body).toEqual(
        response.body,
      );
    });

    it('refuses a blank name and an unknown country with 422 validation_error', async () => {
      expect(
        expectError(
          await admin.call('POST', '/stock_locations', { json: {} }),
          422,
          'validation_error',
        ),
      ).toEqual({ name: ['name is required'] });
      const details = expectError(
        await admin.call('POST', '/stock_locations', {
          json: { name: 'X', country_iso: 'ZZ', active: 'yes' },
        }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!).sort()).toEqual(['active']);
      expect(
        expectError(
          await admin.call('POST', '/stock_locations', { json: { name: 'X', country_iso: 'ZZ' } }),
          422,
          'validation_error',
        ),
      ).toEqual({ country_iso: ['country_iso is not a known country'] });
    });

    it('lists locations paginated, oldest first', async () => {
      await createLocation();
      const response = await admin.call('GET', '/stock_locations?limit=1');
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([mainLocation]);
      expect(response.body.meta).toMatchObject({ page: 1, limit: 1, next: 2 });
      expect(response.body.meta.count).toBeGreaterThanOrEqual(2);
    });

    it('changes a location and makes it the default, unmarking the previous one', async () => {
      const location = await createLocation();
      const response = await admin.call('PATCH', `/stock_locations/${location.id}`, {
        json: { name: 'Renamed', default: true, city: null, address2: 'Unit 4' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: location.id,
        name: 'Renamed',
        default: true,
        city: null,
        address2: 'Unit 4',
      });
      expect((await events.named('stock_location.updated', location.id)).at(-1)?.payload).toEqual(
        response.body,
      );
      const previous = await admin.call('GET', `/stock_locations/${mainLocation.id}`);
      expect(previous.body.default).toBe(false);
      expect(
        (await events.named('stock_location.updated', mainLocation.id)).at(-1)?.payload,
      ).toEqual(previous.body);
      // Back as it was, for the other tests.
      const restored = await admin.call('PATCH', `/stock_locations/${mainLocation.id}`, {
        json: { default: true },
      });
      expect(restored.body.default).toBe(true);
      expect((await admin.call('GET', `/stock_locations/${location.id}`)).body.default).toBe(false);
    });

    it('deletes an unused location with its empty items, publishing stock_location.deleted', async () => {
      const location = await createLocation();
      const [tee] = await demoVariants(t, shop);
      const item = await admin.call('POST', '/stock_items', {
        json: { variant_id: tee.id, stock_location_id: location.id },
      });
      expect(item.status).toBe(201);
      const response = await admin.call('DELETE', `/stock_locations/${location.id}`);
      expect(response.status).toBe(204);
      expectError(
        await admin.call('GET', `/stock_locations/${location.id}`),
        404,
        'record_not_found',
      );
      expect(await events.named('stock_location.deleted', location.id)).toHaveLength(1);
      expect(await events.named('stock_item.deleted', item.body.id)).toHaveLength(1);
    });

    it('refuses to delete a location holding units or with shipments: 422 resource_invalid', async () => {
      const location = await createLocation();
      const [tee] = await demoVariants(t, shop);
      await admin.call('POST', '/stock_items', {
        json: {
          variant_id: tee.id,
          stock_location_id: location.id,
          count_on_hand: 3,
          reason: 'Delivery',
        },
      });
      const details = expectError(
        await admin.call('DELETE', `/stock_locations/${location.id}`),
        422,
        'resource_invalid',
      );
      expect(details).toEqual({ count_on_hand: ['the location holds 3 units on hand'] });

      // The seeded warehouse has shipped nothing yet but orders leave from it.
      await placeOrder(new CartClient(t, shop), { lines: [{ variantId: tee.id, quantity: 1 }] });
      const main = expectError(
        await admin.call('DELETE', `/stock_locations/${mainLocation.id}`),
        422,
        'resource_invalid',
      );
      expect(main).toMatchObject({
        count_on_hand: [expect.stringMatching(/units on hand$/)],
        shipments: [expect.stringMatching(/not shipped yet$/)],
      });
      expect((await admin.call('GET', `/stock_locations/${mainLocation.id}`)).status).toBe(200);
    });

    it('answers another store’s location with 404 record_not_found', async () => {
      const location = await createLocation();
      await expectCrossStore404(otherAdmin, [
        { method: 'GET', path: `/stock_locations/${location.id}` },
        { method: 'PATCH', path: `/stock_locations/${location.id}`, json: { name: 'Mine' } },
        { method: 'DELETE', path: `/stock_locations/${location.id}` },
      ]);
      expect((await admin.call('GET', `/stock_locations/${location.id}`)).body.name).toBe(
        location.name,
      );
    });

    it('needs read_stock to read and write_stock to change, for keys and staff alike', async () => {
      await expectScopeRefusals(admin, { method: 'GET', path: '/stock_locations' }, 'read_stock', [
        'read_orders',
      ]);
      const readOnly = await issueSecretKey(t, shop, ['read_stock']);
      expect(
        (await admin.call('GET', '/stock_locations', { headers: { 'x-store-api-key': readOnly } }))
          .status,
      ).toBe(200);
      await expectScopeRefusals(
        admin,
        [
          { method: 'POST', path: '/stock_locations', json: { name: 'X' } },
          { method: 'PATCH', path: `/stock_locations/${mainLocation.id}`, json: { name: 'X' } },
          { method: 'DELETE', path: `/stock_locations/${mainLocation.id}`, json: { name: 'X' } },
        ],
        'write_stock',
        ['read_stock'],
      );
    });
  });

  describe('stock items', () => {
    it('lists items filtered by variant and location, paginated', async () => {
      const variants = await demoVariants(t, shop);
      const byVariant = await admin.call('GET', `/stock_items?variant_id=${variants[1].id}`);
      expect(byVariant.status).toBe(200);
      expect(byVariant.body.data).toEqual([
        {
          id: expect.stringMatching(/^si_/),
          stock_location_id: mainLocation.id,
          variant_id: variants[1].id,
          count_on_hand: expect.any(Number),
          backorderable: false,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ]);
      const page = await admin.call(
        'GET',
        `/stock_items?stock_location_id=${mainLocation.id}&limit=2`,
      );
      expect(page.body.data).toHaveLength(2);
      expect(page.body.meta.count).toBeGreaterThan(2);
      expect(page.body.data.every((item: any) => item.stock_location_id === mainLocation.id)).toBe(
        true,
      );
      expectError(
        await admin.call('GET', '/stock_items?variant_id=nope'),
        400,
        'parameter_invalid',
      );
      const foreign = await admin.call(
        'GET',
        `/stock_items?variant_id=${(await demoVariants(t, other))[0].id}`,
      );
      expect(foreign.body.data).toEqual([]);
    });

    it('sets and adjusts the count with a reason, recording who did it as movements', async () => {
      const variants = await demoVariants(t, shop);
      const item = await mainItemOf(admin, variants[2].id);
      const before = item.count_on_hand;

      const set = await admin.call('PATCH', `/stock_items/${item.id}`, {
        json: { count_on_hand: 10, reason: 'Stocktake' },
      });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ id: item.id, count_on_hand: 10, backorderable: false });
      expect((await events.named('stock_item.updated', item.id)).at(-1)?.payload).toEqual(set.body);

      const staff = await staffToken(t, shop, ['write_stock']);
      const adjusted = await admin.call('PATCH', `/stock_items/${item.id}`, {
        json: { adjustment: -3, reason: 'Damaged in transit' },
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(adjusted.status).toBe(200);
      expect(adjusted.body.count_on_hand).toBe(7);
      expect(await storedCount(item.id)).toBe(7);

      const movements = await admin.call('GET', `/stock_items/${item.id}/movements`);
      expect(movements.status).toBe(200);
      expect(movements.body.data).toEqual([
        {
          id: expect.stringMatching(/^sm_/),
          stock_item_id: item.id,
          action: 'adjust',
          quantity: -3,
          count_on_hand: 7,
          reason: 'Damaged in transit',
          staff_user_id: expect.stringMatching(/^admin_/),
          api_key_id: null,
          originator_id: null,
          created_at: expect.any(String),
        },
        {
          id: expect.stringMatching(/^sm_/),
          stock_item_id: item.id,
          action: 'set',
          quantity: 10 - before,
          count_on_hand: 10,
          reason: 'Stocktake',
          staff_user_id: null,
          api_key_id: expect.stringMatching(/^key_/),
          originator_id: null,
          created_at: expect.any(String),
        },
        {
          // The demo seed's opening count.
          id: expect.stringMatching(/^sm_/),
          stock_item_id: item.id,
          action: 'create',
          quantity: before,
          count_on_hand: before,
          reason: 'Demo store',
          staff_user_id: null,
          api_key_id: null,
          originator_id: null,
          created_at: expect.any(String),
        },
      ]);
      expect(movements.body.meta).toMatchObject({ count: 3, page: 1 });
    });

    it('the Store API reads the changed count at once: product GET and add to cart', async () => {
      const variants = await demoVariants(t, shop);
      const variant = variants[1];
      const item = await mainItemOf(admin, variant.id);
      const inStock = async () => {
        const product = await t.http.get(
          `/api/v3/store/products/${variant.productId}?expand=variants`,
          { 'x-store-api-key': shop.publishable_key },
        );
        expect(product.status).toBe(200);
        return product.body.variants.find((shown: { id: string }) => shown.id === variant.id)
          .in_stock;
      };
      const patch = (json: Record<string, unknown>) =>
        admin.call('PATCH', `/stock_items/${item.id}`, { json });

      expect((await patch({ count_on_hand: 0, reason: 'Sold out' })).status).toBe(200);
      expect(await inStock()).toBe(false);
      const cart = new CartClient(t, shop);
      await cart.create();
      expectError(await cart.addItem(variant.id, 1), 422, 'insufficient_stock');

      expect((await patch({ adjustment: 1, reason: 'Found one' })).status).toBe(200);
      expect(await inStock()).toBe(true);
      expectError(await cart.addItem(variant.id, 2), 422, 'insufficient_stock');
      expect((await cart.addItem(variant.id, 1)).status).toBe(201);
      await patch({ count_on_hand: item.count_on_hand, reason: 'Restocked' });
    });

    it('refuses a count below zero unless backorderable, changing nothing', async () => {
      const variants = await demoVariants(t, shop);
      const item = await mainItemOf(admin, variants[3].id);
      await admin.call('PATCH', `/stock_items/${item.id}`, {
        json: { count_on_hand: 2, reason: 'Count' },
      });
      const movements = await movementCount(item.id);

      for (const json of [
        { adjustment: -3, reason: 'Too many' },
        { count_on_hand: -1, reason: 'Below' },
      ]) {
        const details = expectError(
          await admin.call('PATCH', `/stock_items/${item.id}`, { json }),
          422,
          'validation_error',
        );
        expect(details).toEqual({ count_on_hand: [expect.stringMatching(/cannot go below zero/)] });
      }
      expect(await storedCount(item.id)).toBe(2);
      expect(await movementCount(item.id)).toBe(movements);

      const backordered = await admin.call('PATCH', `/stock_items/${item.id}`, {
        json: { adjustment: -5, reason: 'Presold', backorderable: true },
      });
      expect(backordered.status).toBe(200);
      expect(backordered.body).toMatchObject({ count_on_hand: -3, backorderable: true });

      // No longer backorderable while units are owed: refused.
      expectError(
        await admin.call('PATCH', `/stock_items/${item.id}`, { json: { backorderable: false } }),
        422,
        'validation_error',
      );
      const cleared = await admin.call('PATCH', `/stock_items/${item.id}`, {
        json: { count_on_hand: 0, reason: 'Reset', backorderable: false },
      });
      expect(cleared.body).toMatchObject({ count_on_hand: 0, backorderable: false });
      expect(await movementCount(item.id)).toBe(movements + 2);
    });

    it('validates the change: one of set or adjust, a reason, whole numbers', async () => {
      const [tee] = await demoVariants(t, shop);
      const item = await mainItemOf(admin, tee.id);
      const cases: [Record<string, unknown>, Record<string, unknown>][] = [
        [{}, { count_on_hand: ['send count_on_hand, adjustment or backorderable'] }],
        [{ adjustment: 2 }, { reason: ['reason is required when the count changes'] }],
        [{ count_on_hand: 2, reason: '  ' }, { reason: ['reason must not be blank'] }],
        [
          { count_on_hand: 2, adjustment: 1, reason: 'Both' },
          { adjustment: ['send either count_on_hand or adjustment, not both'] },
        ],
        [{ adjustment: 0, reason: 'Nothing' }, { adjustment: ['adjustment must not be 0'] }],
        [{ adjustment: 1.5, reason: 'Half' }, { adjustment: [expect.stringMatching(/integer/)] }],
        [
          { count_on_hand: 2_000_000_000, reason: 'Lots' },
          { count_on_hand: [expect.stringMatching(/must not be greater than/)] },
        ],
        [{ backorderable: 'yes' }, { backorderable: [expect.stringMatching(/boolean/)] }],
      ];
      for (const [json, details] of cases) {
        expect(
          expectError(
            await admin.call('PATCH', `/stock_items/${item.id}`, { json }),
            422,
            'validation_error',
          ),
        ).toEqual(details);
      }
    });

    it('creates an item for a variant at a new location, once', async () => {
      const location = await createLocation();
      const [tee] = await demoVariants(t, shop);
      const response = await admin.call('POST', '/stock_items', {
        json: {
          variant_id: tee.id,
          stock_location_id: location.id,
          count_on_hand: 4,
          reason: 'Opening',
        },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        id: expect.stringMatching(/^si_/),
        variant_id: tee.id,
        stock_location_id: location.id,
        count_on_hand: 4,
        backorderable: false,
      });
      expect(await events.named('stock_item.created', response.body.id)).toHaveLength(1);
      const movements = await admin.call('GET', `/stock_items/${response.body.id}/movements`);
      expect(movements.body.data).toMatchObject([
        { action: 'create', quantity: 4, count_on_hand: 4 },
      ]);

      expect(
        expectError(
          await admin.call('POST', '/stock_items', {
            json: { variant_id: tee.id, stock_location_id: location.id },
          }),
          422,
          'validation_error',
        ),
      ).toEqual({ variant_id: ['the variant already has a stock item at this location'] });
      expect(
        expectError(
          await admin.call('POST', '/stock_items', {
            json: {
              variant_id: (await demoVariants(t, other))[0].id,
              stock_location_id: location.id,
            },
          }),
          404,
          'record_not_found',
        ),
      ).toEqual({ variant_id: ['does not exist'] });
      expect(
        expectError(
          await admin.call('POST', '/stock_items', { json: { variant_id: tee.id } }),
          422,
          'validation_error',
        ),
      ).toEqual({ stock_location_id: ['stock_location_id is required'] });
    });

    it('answers another store’s item with 404 and needs the stock scopes', async () => {
      const [tee] = await demoVariants(t, shop);
      const item = await mainItemOf(admin, tee.id);
      for (const [method, path, json] of [
        ['GET', `/stock_items/${item.id}`, undefined],
        ['GET', `/stock_items/${item.id}/movements`, undefined],
        ['PATCH', `/stock_items/${item.id}`, { adjustment: -1, reason: 'Theft' }],
      ] as const) {
        expectError(await otherAdmin.call(method, path, { json }), 404, 'record_not_found');
      }
      expect(await storedCount(item.id)).toBe(item.count_on_hand);

      const readOnly = await issueSecretKey(t, shop, ['read_stock']);
      expect(
        expectError(
          await admin.call('PATCH', `/stock_items/${item.id}`, {
            json: { adjustment: 1, reason: 'Found' },
            headers: { 'x-store-api-key': readOnly },
          }),
          403,
          'access_denied',
        ),
      ).toEqual({ required_scope: 'write_stock' });
      const noStock = await issueSecretKey(t, shop, ['write_products']);
      for (const path of [
        '/stock_items',
        `/stock_items/${item.id}`,
        `/stock_items/${item.id}/movements`,
      ]) {
        expect(
          expectError(
            await admin.call('GET', path, { headers: { 'x-store-api-key': noStock } }),
            403,
            'access_denied',
          ),
        ).toEqual({ required_scope: 'read_stock' });
      }
      const staff = await staffToken(t, shop, ['read_stock']);
      expect(
        expectError(
          await admin.call('PATCH', `/stock_items/${item.id}`, {
            json: { adjustment: 1, reason: 'Found' },
            headers: { authorization: `Bearer ${staff}` },
          }),
          403,
          'access_denied',
        ),
      ).toEqual({ required_scope: 'write_stock' });
    });
  });

  describe('racing checkouts', () => {
    it(
      'never oversells nor loses an update when admin adjustments race checkouts of the last units',
      async () => {
        const race = await t.seedStore();
        const raceAdmin = new AdminCaller(t, race);
        const [variant] = await demoVariants(t, race);
        const item = (await raceAdmin.call('GET', `/stock_items?variant_id=${variant.id}`)).body
          .data[0];
        const set = await raceAdmin.call('PATCH', `/stock_items/${item.id}`, {
          json: { count_on_hand: 5, reason: 'Last units' },
        });
        expect(set.status).toBe(200);

        // Twenty carts, each ready to place an order for one unit.
        const carts: CartClient[] = [];
        for (let index = 0; index < 20; index += 1) {
          const cart = new CartClient(t, race);
          await cart.create();
          expect((await cart.addItem(variant.id, 1)).status).toBe(201);
          expect((await cart.address()).status).toBe(200);
          const paid = await cart.call('POST', `/carts/${cart.id}/payments`, {
            payment_method_id: await cart.paymentMethodId('check'),
          });
          expect(paid.status).toBe(201);
          carts.push(cart);
        }

        // All sent at once, the adjustments spread among the checkouts: one before every five.
        const adjustments = [-3, 2, -3, -3];
        const adjust = (adjustment: number) =>
          raceAdmin.call('PATCH', `/stock_items/${item.id}`, {
            json: { adjustment, reason: `Race ${adjustment}` },
          });
        const requests = carts.map((cart, index) => ({
          adjustment: index % 5 === 0 ? adjust(adjustments[index / 5]) : undefined,
          completion: cart.complete(),
        }));
        const adjusted = await Promise.all(requests.flatMap((sent) => sent.adjustment ?? []));
        const completions = await Promise.all(requests.map((sent) => sent.completion));

        for (const response of completions) {
          if (response.status !== 200) expectError(response, 422, 'insufficient_stock');
        }
        for (const response of adjusted) {
          if (response.status !== 200) {
            expect(expectError(response, 422, 'validation_error')).toEqual({
              count_on_hand: [expect.stringMatching(/cannot go below zero/)],
            });
          }
        }
        const sold = completions.filter((response) => response.status === 200).length;
        const accepted = adjustments.filter((_, index) => adjusted[index].status === 200);
        const finalCount = await storedCount(item.id);
        expect(finalCount).toBeGreaterThanOrEqual(0);

        const [{ units }] = await t.dataSource.query(
          `SELECT COALESCE(SUM(li.quantity), 0)::int AS units FROM line_items li
           JOIN orders o ON o.id = li.order_id
           WHERE o.store_id = $1 AND o.state = 'complete' AND li.variant_id = $2`,
          [new Ids(t).store(race), keyOf(t, ID_PREFIX.variant, variant.id)],
        );
        expect(units).toBe(sold);
        const acceptedSum = accepted.reduce((sum, delta) => sum + delta, 0);
        expect(units + finalCount).toBe(5 + acceptedSum);

        // Each accepted adjustment left one movement; refused ones none.
        const movements = await raceAdmin.call('GET', `/stock_items/${item.id}/movements`);
        const raced = movements.body.data.filter((movement: any) => movement.action === 'adjust');
        expect(raced.map((movement: any) => movement.quantity).sort()).toEqual(
          [...accepted].sort(),
        );
        expect(sold).toBeGreaterThan(0);
      },
      SETUP_TIMEOUT_MS,
    );
  });
});
