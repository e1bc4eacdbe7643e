import { CartSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller, startCustomersTestApp } from '../helpers/customers-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * The demo store's promotions: the coupon code WELCOME10 (10% off the order) and free shipping
 * over 50.00, seeded as the Admin API stores them; left out of the specs' stores unless asked.
 */
describe('The demo store’s promotions', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let plain: DemoCredentials;
  let tee: DemoVariant;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore({ promotions: true });
    plain = await t.seedStore();
    [tee] = await demoVariants(t, shop);
    expect(tee.price).toBe('19.99');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const storeKey = (credentials: DemoCredentials) =>
    t.app.get(PublicIdCodec).decode(ID_PREFIX.store, credentials.store_id)!;

  /** The store's promotions with their parts and codes, as stored. */
  const storedPromotions = (credentials: DemoCredentials) =>
    t.dataSource.query(
      `SELECT p.name, p.kind, p.status, p.deleted_at,
              (SELECT json_agg(json_build_object('type', r.type, 'preferences', r.preferences))
                 FROM promotion_rules r WHERE r.promotion_id = p.id AND r.store_id = p.store_id) AS rules,
              (SELECT json_agg(json_build_object('type', a.type, 'preferences', a.preferences))
                 FROM promotion_actions a WHERE a.promotion_id = p.id AND a.store_id = p.store_id) AS actions,
              (SELECT json_agg(json_build_object('code', c.code, 'batch_id', c.batch_id,
                                                 'state', c.state, 'usage_count', c.usage_count))
                 FROM coupon_codes c WHERE c.promotion_id = p.id AND c.store_id = p.store_id) AS codes
         FROM promotions p WHERE p.store_id = $1 ORDER BY p.id`,
      [storeKey(credentials)],
    );

  it('stores the coupon-code promotion WELCOME10 and the automatic free shipping over 50.00', async () => {
    expect(await storedPromotions(shop)).toEqual([
      {
        name: 'Welcome 10%',
        kind: 'coupon_code',
        status: 'active',
        deleted_at: null,
        rules: null,
        actions: [{ type: 'order_percent', preferences: { percent: '10' } }],
        // The promotion's own code: trimmed, lower-cased, outside any batch.
        codes: [{ code: 'welcome10', batch_id: null, state: 'active', usage_count: 0 }],
      },
      {
        name: 'Free shipping over 50',
        kind: 'automatic',
        status: 'active',
        deleted_at: null,
        rules: [{ type: 'item_total', preferences: { amount_min: { USD: '50.00' } } }],
        actions: [{ type: 'free_shipping', preferences: {} }],
        codes: null,
      },
    ]);
    expect(await storedPromotions(plain)).toEqual([]);
  });

  it('lists them in the Admin API, each with its code, rules and actions', async () => {
    const response = await new AdminCaller(t, shop).call('GET', '/promotions');
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({ count: 2 });
    const byName = Object.fromEntries(
      response.body.data.map((promotion: { name: string }) => [promotion.name, promotion]),
    );
    expect(byName['Welcome 10%']).toMatchObject({
      id: expect.stringMatching(/^promo_/),
      kind: 'coupon_code',
      status: 'active',
      code: 'welcome10',
      rules: [],
      actions: [{ type: 'order_percent', preferences: { percent: '10' } }],
    });
    expect(byName['Free shipping over 50']).toMatchObject({
      id: expect.stringMatching(/^promo_/),
      kind: 'automatic',
      status: 'active',
      code: null,
      rules: [{ type: 'item_total', preferences: { amount_min: { USD: '50.00' } } }],
      actions: [{ type: 'free_shipping' }],
    });
    const events = await t.dataSource.query(
      `SELECT payload->>'name' AS name FROM events
        WHERE store_id = $1 AND name = 'promotion.created' ORDER BY position`,
      [storeKey(shop)],
    );
    expect(events).toEqual([{ name: 'Welcome 10%' }, { name: 'Free shipping over 50' }]);

    const other = await new AdminCaller(t, plain).call('GET', '/promotions');
    expect(other.status).toBe(200);
    expect(other.body.data).toEqual([]);
  });

  const cartOf = async (credentials: DemoCredentials, quantity: number) => {
    const cart = new CartClient(t, credentials);
    await cart.create();
    const [variant] = await demoVariants(t, credentials);
    expect((await cart.addItem(variant.id, quantity)).status).toBe(201);
    expect((await cart.address()).status).toBe(200);
    const response = await cart.get();
    expect(response.status).toBe(200);
    return CartSchema.parse(response.body);
  };
  const totalsOf = (view: Record<string, any>) => ({
    item_total: view.item_total,
    delivery_total: view.delivery_total,
    discount_total: view.discount_total,
    tax_total: view.tax_total,
    total: view.total,
  });

  it('ships a cart of 50.00 or more for free, and charges shipping below', async () => {
    // 3 × 19.99 = 59.97; Standard shipping 5.00 taken off; 8% tax on the items: 4.80.
    const over = await cartOf(shop, 3);
    expect(totalsOf(over)).toEqual({
      item_total: '59.97',
      delivery_total: '5.00',
      discount_total: '-5.00',
      tax_total: '4.80',
      total: '64.77',
    });
    expect(over.discounts).toEqual([
      expect.objectContaining({ name: 'Free shipping over 50', code: null, amount: '-5.00' }),
    ]);
    expect(over.fulfillments).toHaveLength(1);
    expect(over.fulfillments[0]).toMatchObject({
      cost: '5.00',
      discount_total: '-5.00',
      total: '0.00',
    });
    // WELCOME10 needs its code: a cart without one gets nothing from it.
    expect(over.items[0]).toMatchObject({ discount_total: '0.00', discounted_amount: '59.97' });

    const under = await cartOf(shop, 2);
    expect(totalsOf(under)).toEqual({
      item_total: '39.98',
      delivery_total: '5.00',
      discount_total: '0.00',
      tax_total: '3.20',
      total: '48.18',
    });
    expect(under.discounts).toEqual([]);

    // A store seeded without the promotions charges shipping whatever the total.
    expect(totalsOf(await cartOf(plain, 3))).toEqual({
      item_total: '59.97',
      delivery_total: '5.00',
      discount_total: '0.00',
      tax_total: '4.80',
      total: '69.77',
    });
  });
});
