import { startAdminShops } from '../helpers/admin-fixtures.js';
import { FulfillmentSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
  US_ADDRESS,
  type DemoVariant,
} from '../helpers/checkout-fixtures.js';
import {
  type AdminCaller,
  issueSecretKey,
  staffToken,
  uniqueEmail,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

type Prefix = (typeof ID_PREFIX)[keyof typeof ID_PREFIX];

describe('Admin API: fulfillments', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let otherShop: DemoCredentials;
  let admin: AdminCaller;
  let codec: PublicIdCodec;
  let tee: DemoVariant;
  let teeM: DemoVariant;
  let teeL: DemoVariant;

  beforeAll(async () => {
    ({ t, shop, other: otherShop, admin } = await startAdminShops());
    codec = t.app.get(PublicIdCodec);
    [tee, teeM, teeL] = await demoVariants(t, shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const key = (prefix: Prefix, publicId: string) => {
    const decoded = codec.decode(prefix, publicId);
    if (decoded === undefined) throw new Error(`${publicId} is not a ${prefix} id`);
    return decoded;
  };
  const place = (variant: DemoVariant, quantity = 1, pay: 'test_card' | 'check' = 'test_card') =>
    placeOrder(new CartClient(t, shop), { lines: [{ variantId: variant.id, quantity }], pay });
  const stockOf = async (variant: DemoVariant): Promise<number> => {
    const [{ count }] = await t.dataSource.query(
      'SELECT COALESCE(SUM(count_on_hand), 0)::int AS count FROM stock_items WHERE variant_id = $1',
      [key(ID_PREFIX.variant, variant.id)],
    );
    return count;
  };
  const storedFulfillment = async (fulfillmentId: string) => {
    const [row] = await t.dataSource.query(
      'SELECT state, tracking, tracking_url, shipped_at FROM shipments WHERE id = $1',
      [key(ID_PREFIX.fulfillment, fulfillmentId)],
    );
    return row as { state: string; tracking: string | null; tracking_url: string | null };
  };
  const storedOrder = async (orderId: string) => {
    const [row] = await t.dataSource.query(
      'SELECT state, shipment_state, state_lock_version FROM orders WHERE id = $1',
      [key(ID_PREFIX.order, orderId)],
    );
    return row as { state: string; shipment_state: string; state_lock_version: number };
  };
  const shipmentEvents = async (fulfillmentId: string): Promise<string[]> => {
    const rows: { name: string }[] = await t.dataSource.query(
      `SELECT name FROM events WHERE name LIKE 'shipment.%' AND payload->>'id' = $1
       ORDER BY position`,
      [fulfillmentId],
    );
    return rows.map((row) => row.name);
  };
  const stateChanges = async (orderId: string): Promise<string[]> => {
    const rows: { previous_state: string; next_state: string }[] = await t.dataSource.query(
      `SELECT previous_state, next_state FROM state_changes WHERE order_id = $1 AND name = 'shipment'
       ORDER BY id`,
      [key(ID_PREFIX.order, orderId)],
    );
    return rows.map((row) => `${row.previous_state} → ${row.next_state}`);
  };
  const path = (orderId: string, fulfillmentId = '', action = '') =>
    `/orders/${orderId}/fulfillments${fulfillmentId ? `/${fulfillmentId}` : ''}${action ? `/${action}` : ''}`;

  describe('GET /orders/:id/fulfillments[/:fulfillment_id]', () => {
    it('lists and shows an order’s fulfillments as Spree fulfillments', async () => {
      const order = await place(tee);
      const listed = await admin.call('GET', path(order.id));
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual(order.fulfillments);
      expect(listed.body.meta).toMatchObject({ page: 1, count: 1, pages: 1 });
      const [fulfillment] = listed.body.data;
      expect(() => FulfillmentSchema.parse(fulfillment)).not.toThrow();
      expect(fulfillment).toMatchObject({ id: expect.stringMatching(/^ful_/), state: 'ready' });

      const shown = await admin.call('GET', path(order.id, fulfillment.id));
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(fulfillment);
      expect((await storedFulfillment(fulfillment.id)).state).toBe('ready');
    });

    it('answers 404 record_not_found for another order’s or store’s fulfillment', async () => {
      const order = await place(teeM);
      const another = await place(teeM);
      const foreign = await placeOrder(new CartClient(t, otherShop), {
        lines: [{ variantId: (await demoVariants(t, otherShop))[0].id, quantity: 1 }],
      });
      expectError(
        await admin.call('GET', path(order.id, another.fulfillments[0].id)),
        404,
        'record_not_found',
      );
      expectError(await admin.call('GET', path(order.id, 'ful_nothing')), 404, 'record_not_found');
      expectError(await admin.call('GET', path(foreign.id)), 404, 'record_not_found');
      expectError(
        await admin.call('GET', path(foreign.id, foreign.fulfillments[0].id)),
        404,
        'record_not_found',
      );
      expectError(
        await admin.call('PATCH', path(foreign.id, foreign.fulfillments[0].id, 'cancel'), {
          json: {},
        }),
        404,
        'record_not_found',
      );
      expect((await storedFulfillment(foreign.fulfillments[0].id)).state).toBe('ready');
    });
  });

  describe('PATCH .../ship', () => {
    it('ships with tracking number and URL: stored, shown, shipment.shipped', async () => {
      const order = await place(tee);
      const fulfillmentId = order.fulfillments[0].id;
      const response = await admin.call('PATCH', path(order.id, fulfillmentId, 'ship'), {
        json: { tracking: '1Z999AA1', tracking_url: 'https://track.example.com/1Z999AA1' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: order.id, shipment_state: 'shipped' });
      expect(response.body.fulfillments[0]).toMatchObject({
        id: fulfillmentId,
        state: 'shipped',
        tracking: '1Z999AA1',
        tracking_url: 'https://track.example.com/1Z999AA1',
      });
      expect(() => FulfillmentSchema.parse(response.body.fulfillments[0])).not.toThrow();
      expect(await storedFulfillment(fulfillmentId)).toMatchObject({
        state: 'shipped',
        tracking: '1Z999AA1',
        tracking_url: 'https://track.example.com/1Z999AA1',
      });
      expect(await shipmentEvents(fulfillmentId)).toEqual(
        expect.arrayContaining(['shipment.updated', 'shipment.shipped']),
      );
      const shown = await admin.call('GET', path(order.id, fulfillmentId));
      expect(shown.body.tracking_url).toBe('https://track.example.com/1Z999AA1');
    });

    it('refuses a tracking URL that is not http(s), shipping nothing', async () => {
      const order = await place(tee);
      const fulfillmentId = order.fulfillments[0].id;
      for (const tracking_url of ['ftp://track.example.com/1', 'not a url', 42]) {
        const details = expectError(
          await admin.call('PATCH', path(order.id, fulfillmentId, 'ship'), {
            json: { tracking_url },
          }),
          422,
          'validation_error',
        );
        expect(Object.keys(details ?? {})).toEqual(['tracking_url']);
      }
      expect((await storedFulfillment(fulfillmentId)).state).toBe('ready');
    });
  });

  describe('PATCH .../cancel and .../resume', () => {
    it('cancels a ready fulfillment (units back to stock), then resumes it (taken again)', async () => {
      const before = await stockOf(teeL);
      const order = await place(teeL, 2);
      const fulfillmentId = order.fulfillments[0].id;
      expect(await stockOf(teeL)).toBe(before - 2);
      const eventsAtPlacing = (await shipmentEvents(fulfillmentId)).length;

      const canceled = await admin.call('PATCH', path(order.id, fulfillmentId, 'cancel'), {
        json: { state_lock_version: order.state_lock_version },
      });
      expect(canceled.status).toBe(200);
      expect(canceled.body).toMatchObject({
        id: order.id,
        state: 'complete',
        shipment_state: 'canceled',
        state_lock_version: order.state_lock_version + 1,
      });
      expect(canceled.body.fulfillments[0]).toMatchObject({ id: fulfillmentId, state: 'canceled' });
      expect(await storedFulfillment(fulfillmentId)).toMatchObject({ state: 'canceled' });
      expect(await storedOrder(order.id)).toMatchObject({
        state: 'complete',
        shipment_state: 'canceled',
      });
      expect(await stockOf(teeL)).toBe(before);

      const resumed = await admin.call('PATCH', path(order.id, fulfillmentId, 'resume'), {
        json: {},
      });
      expect(resumed.status).toBe(200);
      expect(resumed.body).toMatchObject({ shipment_state: 'ready' });
      expect(resumed.body.fulfillments[0]).toMatchObject({ id: fulfillmentId, state: 'ready' });
      expect(await storedFulfillment(fulfillmentId)).toMatchObject({ state: 'ready' });
      expect(await stockOf(teeL)).toBe(before - 2);

      expect((await shipmentEvents(fulfillmentId)).slice(eventsAtPlacing)).toEqual([
        'shipment.updated',
        'shipment.canceled',
        'shipment.updated',
        'shipment.resumed',
      ]);
      expect(await stateChanges(order.id)).toEqual([
        'pending → ready',
        'ready → canceled',
        'canceled → ready',
      ]);
    });

    it('resumes an unpaid order’s fulfillment as pending', async () => {
      const order = await place(teeM, 1, 'check');
      const fulfillmentId = order.fulfillments[0].id;
      expect(order.fulfillments[0].state).toBe('pending');
      expect(
        (await admin.call('PATCH', path(order.id, fulfillmentId, 'cancel'), { json: {} })).status,
      ).toBe(200);
      const resumed = await admin.call('PATCH', path(order.id, fulfillmentId, 'resume'), {
        json: {},
      });
      expect(resumed.status).toBe(200);
      expect(await storedFulfillment(fulfillmentId)).toMatchObject({ state: 'pending' });
      expect(await storedOrder(order.id)).toMatchObject({ shipment_state: 'pending' });
    });

    it('refuses to resume when the units are gone: 422 insufficient_stock, still canceled', async () => {
      const order = await place(teeM, 2);
      const fulfillmentId = order.fulfillments[0].id;
      await admin.call('PATCH', path(order.id, fulfillmentId, 'cancel'), { json: {} });
      const variantKey = key(ID_PREFIX.variant, teeM.id);
      const saved: { id: string; count_on_hand: number; backorderable: boolean }[] =
        await t.dataSource.query(
          'SELECT id, count_on_hand, backorderable FROM stock_items WHERE variant_id = $1',
          [variantKey],
        );
      await t.dataSource.query(
        'UPDATE stock_items SET count_on_hand = 1, backorderable = false WHERE variant_id = $1',
        [variantKey],
      );
      try {
        const versionBefore = (await storedOrder(order.id)).state_lock_version;
        expectError(
          await admin.call('PATCH', path(order.id, fulfillmentId, 'resume'), { json: {} }),
          422,
          'insufficient_stock',
        );
        expect(await storedFulfillment(fulfillmentId)).toMatchObject({ state: 'canceled' });
        expect(await stockOf(teeM)).toBe(saved.length);
        expect((await storedOrder(order.id)).state_lock_version).toBe(versionBefore);
        expect(await shipmentEvents(fulfillmentId)).not.toContain('shipment.resumed');
      } finally {
        for (const item of saved) {
          await t.dataSource.query(
            'UPDATE stock_items SET count_on_hand = $2, backorderable = $3 WHERE id = $1',
            [item.id, item.count_on_hand, item.backorderable],
          );
        }
      }
    });

    it('refuses what the states do not allow: 422 cart_invalid_state naming both', async () => {
      const order = await place(tee);
      const fulfillmentId = order.fulfillments[0].id;
      expect(
        expectError(
          await admin.call('PATCH', path(order.id, fulfillmentId, 'resume'), { json: {} }),
          422,
          'cart_invalid_state',
        ),
      ).toEqual({ order_state: 'complete', fulfillment_state: 'ready' });
      await admin.call('PATCH', path(order.id, fulfillmentId, 'ship'), { json: {} });
      const stockAfterShip = await stockOf(tee);
      expect(
        expectError(
          await admin.call('PATCH', path(order.id, fulfillmentId, 'cancel'), { json: {} }),
          422,
          'cart_invalid_state',
        ),
      ).toEqual({ order_state: 'complete', fulfillment_state: 'shipped' });
      expect(await stockOf(tee)).toBe(stockAfterShip);
      expect((await storedFulfillment(fulfillmentId)).state).toBe('shipped');

      // A draft's fulfillments are only planned: nothing to cancel.
      const draft = await admin.call('POST', '/orders', {
        json: { email: uniqueEmail('draft'), items: [{ variant_id: tee.id, quantity: 1 }] },
      });
      const addressed = await admin.call('PATCH', `/orders/${draft.body.id}`, {
        json: { bill_address: US_ADDRESS, ship_address: US_ADDRESS },
      });
      const planned = addressed.body.fulfillments[0].id;
      expect(
        expectError(
          await admin.call('PATCH', path(draft.body.id, planned, 'cancel'), { json: {} }),
          422,
          'cart_invalid_state',
        ),
      ).toMatchObject({ order_state: addressed.body.state });
    });

    it('a canceled fulfillment’s units are not restocked twice when the order is canceled', async () => {
      const before = await stockOf(teeL);
      const order = await place(teeL, 3);
      const fulfillmentId = order.fulfillments[0].id;
      await admin.call('PATCH', path(order.id, fulfillmentId, 'cancel'), { json: {} });
      expect(await stockOf(teeL)).toBe(before);
      const canceled = await admin.call('PATCH', `/orders/${order.id}/cancel`, { json: {} });
      expect(canceled.status).toBe(200);
      expect(canceled.body.state).toBe('canceled');
      expect(await stockOf(teeL)).toBe(before);
    });

    it('answers a stale state_lock_version with 409, changing nothing', async () => {
      const order = await place(tee);
      const fulfillmentId = order.fulfillments[0].id;
      expectError(
        await admin.call('PATCH', path(order.id, fulfillmentId, 'cancel'), {
          json: { state_lock_version: order.state_lock_version + 3 },
        }),
        409,
        'order_already_updated',
      );
      expect((await storedFulfillment(fulfillmentId)).state).toBe('ready');
    });
  });

  describe('scopes', () => {
    it('needs write_fulfillments to change and read_fulfillments to read', async () => {
      const order = await place(tee);
      const fulfillmentId = order.fulfillments[0].id;
      const readKey = { 'x-store-api-key': await issueSecretKey(t, shop, ['read_fulfillments']) };
      const ordersKey = { 'x-store-api-key': await issueSecretKey(t, shop, ['write_orders']) };
      const ordersStaff = {
        authorization: `Bearer ${await staffToken(t, shop, ['write_orders'])}`,
      };
      for (const action of ['ship', 'cancel', 'resume']) {
        for (const headers of [readKey, ordersKey, ordersStaff]) {
          expect(
            expectError(
              await admin.call('PATCH', path(order.id, fulfillmentId, action), {
                json: {},
                headers,
              }),
              403,
              'access_denied',
            ),
          ).toEqual({ required_scope: 'write_fulfillments' });
        }
      }
      for (const headers of [ordersKey, ordersStaff]) {
        expect(
          expectError(await admin.call('GET', path(order.id), { headers }), 403, 'access_denied'),
        ).toEqual({ required_scope: 'read_fulfillments' });
      }
      expect((await storedFulfillment(fulfillmentId)).state).toBe('ready');
      expect((await admin.call('GET', path(order.id), { headers: readKey })).status).toBe(200);

      const fulfillmentsStaff = {
        authorization: `Bearer ${await staffToken(t, shop, ['write_fulfillments'])}`,
      };
      const canceled = await admin.call('PATCH', path(order.id, fulfillmentId, 'cancel'), {
        json: {},
        headers: fulfillmentsStaff,
      });
      expect(canceled.status).toBe(200);
      expect((await storedFulfillment(fulfillmentId)).state).toBe('canceled');
    });
  });
});
