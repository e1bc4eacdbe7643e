import { startAdminShops } from '../helpers/admin-fixtures.js';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
  type DemoVariant,
} from '../helpers/checkout-fixtures.js';
import type { AdminCaller } from '../helpers/customers-fixtures.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { StockLedger } from '../../src/modules/catalog/index.js';

interface MovementRow {
  action: string;
  quantity: number;
  count_on_hand: number;
  reason: string | null;
  originator_type: string | null;
  originator_id: string | null;
}

/**
 * The catalog's stock ledger is the one writer of stock counts, and every change leaves a
 * movement: placing orders (`sale`), canceling them or their fulfillments (`cancel`) and resuming
 * a fulfillment (`sale`) write movements naming the order or fulfillment, so a stock item's
 * movements always add up to its count on hand.
 */
describe('Stock ledger: every change of a count is a movement', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let tee: DemoVariant;
  let itemKey: string;
  let itemId: string;

  beforeAll(async () => {
    ({ t, shop, admin, otherAdmin } = await startAdminShops());
    [tee] = await demoVariants(t, shop);
    const variantKey = keyOf(t, ID_PREFIX.variant, tee.id);
    // The seed writes counts without a history: the item is made again through the Admin API,
    // whose `create` movement opens its history.
    const [{ location }] = await t.dataSource.query(
      `SELECT sl.id::text AS location FROM stock_items si
       JOIN stock_locations sl ON sl.id = si.stock_location_id
       WHERE si.variant_id = $1 AND sl.is_default`,
      [variantKey],
    );
    await t.dataSource.query('DELETE FROM stock_items WHERE variant_id = $1', [variantKey]);
    const created = await admin.call('POST', '/stock_items', {
      json: {
        variant_id: tee.id,
        stock_location_id: t.app.get(PublicIdCodec).encode(ID_PREFIX.stockLocation, location),
        count_on_hand: 20,
        reason: 'Opening count',
      },
    });
    expect(created.status).toBe(201);
    itemId = created.body.id;
    itemKey = keyOf(t, ID_PREFIX.stockItem, itemId);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const place = (quantity: number) =>
    placeOrder(new CartClient(t, shop), { lines: [{ variantId: tee.id, quantity }] });
  const countOnHand = async (): Promise<number> =>
    (await t.dataSource.query('SELECT count_on_hand FROM stock_items WHERE id = $1', [itemKey]))[0]
      .count_on_hand;
  const movements = (): Promise<MovementRow[]> =>
    t.dataSource.query(
      `SELECT action, quantity, count_on_hand, reason, originator_type,
              originator_id::text AS originator_id
       FROM stock_movements WHERE stock_item_id = $1 ORDER BY id`,
      [itemKey],
    );
  const movementSum = async (): Promise<number> =>
    (await movements()).reduce((sum, movement) => sum + movement.quantity, 0);

  it('placing and canceling orders and fulfillments: the movements add up to the count', async () => {
    const first = await place(2);
    const second = await place(3);
    const third = await place(1);
    expect(await countOnHand()).toBe(14);

    const canceled = await admin.call('PATCH', `/orders/${second.id}/cancel`);
    expect(canceled.status).toBe(200);
    const fulfillmentId = third.fulfillments[0].id;
    const fulfillmentPath = `/orders/${third.id}/fulfillments/${fulfillmentId}`;
    expect((await admin.call('PATCH', `${fulfillmentPath}/cancel`, { json: {} })).status).toBe(200);
    expect((await admin.call('PATCH', `${fulfillmentPath}/resume`, { json: {} })).status).toBe(200);
    expect(await countOnHand()).toBe(17);
    expect(await movementSum()).toBe(17);

    const orderKey = (order: Record<string, any>) => keyOf(t, ID_PREFIX.order, order.id);
    const shipmentKey = keyOf(t, ID_PREFIX.fulfillment, fulfillmentId);
    expect(await movements()).toEqual([
      {
        action: 'create',
        quantity: 20,
        count_on_hand: 20,
        reason: 'Opening count',
        originator_type: null,
        originator_id: null,
      },
      ...[first, second, third].map((order, index) => ({
        action: 'sale',
        quantity: -[2, 3, 1][index],
        count_on_hand: [18, 15, 14][index],
        reason: order.number,
        originator_type: 'order',
        originator_id: orderKey(order),
      })),
      {
        action: 'cancel',
        quantity: 3,
        count_on_hand: 17,
        reason: second.number,
        originator_type: 'order',
        originator_id: orderKey(second),
      },
      {
        action: 'cancel',
        quantity: 1,
        count_on_hand: 18,
        reason: third.number,
        originator_type: 'shipment',
        originator_id: shipmentKey,
      },
      {
        action: 'sale',
        quantity: -1,
        count_on_hand: 17,
        reason: third.number,
        originator_type: 'shipment',
        originator_id: shipmentKey,
      },
    ]);
  });

  it('shows what moved the units in the Admin API', async () => {
    const order = await place(1);
    const listed = await admin.call('GET', `/stock_items/${itemId}/movements?limit=100`);
    expect(listed.status).toBe(200);
    const sale = listed.body.data.find(
      (movement: { originator_id: string | null }) => movement.originator_id === order.id,
    );
    expect(sale).toMatchObject({ action: 'sale', quantity: -1, reason: order.number });
    expect(await movementSum()).toBe(await countOnHand());
  });

  it('gives units back to a chosen location, making its stock item there; another store’s location is 404', async () => {
    const created = await admin.call('POST', '/stock_locations', {
      json: { name: `Returns desk ${Math.random().toString(36).slice(2, 8)}` },
    });
    expect(created.status).toBe(201);
    const locationKey = keyOf(t, ID_PREFIX.stockLocation, created.body.id);
    const storeKey = keyOf(t, ID_PREFIX.store, shop.store_id);
    const variantKey = keyOf(t, ID_PREFIX.variant, tee.id);
    const order = await place(1);
    const ledger = t.app.get(StockLedger);
    const cause = {
      action: 'return' as const,
      originatorType: 'order' as const,
      originatorId: keyOf(t, ID_PREFIX.order, order.id),
      reason: order.number,
    };
    await t.dataSource.transaction((manager) =>
      ledger.giveBack(
        manager,
        storeKey,
        [{ variantId: variantKey, quantity: 2 }],
        cause,
        locationKey,
      ),
    );
    const [returned] = await t.dataSource.query(
      `SELECT si.count_on_hand, m.action, m.quantity, m.reason, m.originator_id::text AS originator
       FROM stock_items si JOIN stock_movements m ON m.stock_item_id = si.id
       WHERE si.stock_location_id = $1 AND si.variant_id = $2`,
      [locationKey, variantKey],
    );
    expect(returned).toEqual({
      count_on_hand: 2,
      action: 'return',
      quantity: 2,
      reason: order.number,
      originator: cause.originatorId,
    });
    // The default location's item is left as it was.
    expect(await movementSum()).toBe(await countOnHand());

    const elsewhere = await otherAdmin.call('POST', '/stock_locations', {
      json: { name: `Elsewhere ${Math.random().toString(36).slice(2, 8)}` },
    });
    expect(elsewhere.status).toBe(201);
    await expect(
      t.dataSource.transaction((manager) =>
        ledger.giveBack(
          manager,
          storeKey,
          [{ variantId: variantKey, quantity: 1 }],
          cause,
          keyOf(t, ID_PREFIX.stockLocation, elsewhere.body.id),
        ),
      ),
    ).rejects.toMatchObject({ code: 'record_not_found' });
  });
});
