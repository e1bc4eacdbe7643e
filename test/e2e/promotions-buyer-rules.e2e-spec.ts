import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import {
  AdminCaller,
  StoreCaller,
  startCustomersTestApp,
  uniqueEmail,
} from '../helpers/customers-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * Rules about the buyer and the shipping address, judged on every recalculation: the customer's
 * tags, a first order (by customer or by e-mail), and the zone the address is in; each through a
 * code kept on the cart, which applies the moment the cart meets the rule.
 */
describe('Promotion rules about the buyer and the address', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let store: StoreCaller;
  let records: CheckoutRecords;
  let mug: DemoVariant;

  const createCodePromotion = async (code: string, rules: unknown[]) => {
    const response = await admin.call('POST', '/promotions', {
      json: {
        kind: 'coupon_code',
        name: code,
        code,
        rules,
        actions: [{ type: 'order_fixed', preferences: { amount: { USD: '2.00' } } }],
      },
    });
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 });
    return response.body.id as string;
  };

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    admin = new AdminCaller(t, shop);
    store = new StoreCaller(t, shop);
    records = new CheckoutRecords(t);
    [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
    await records.setStock(mug.id, 1_000);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  /** A cart of one mug with `code` entered (kept whether it applies or not). */
  const cartWithCode = async (code: string, token?: string): Promise<CartClient> => {
    const cart = new CartClient(t, shop, token);
    await cart.create();
    expect((await cart.addItem(mug.id, 1)).status).toBe(201);
    const applied = await cart.call('POST', `/carts/${cart.id}/discount_codes`, { code });
    expect(applied.status).toBe(200);
    return cart;
  };
  const discountOf = async (cart: CartClient) => (await cart.get()).body.discount_total;

  it('applies a tagged-customers promotion once the signed-in customer carries the tag', async () => {
    await createCodePromotion('VIPONLY', [
      { type: 'customer_tag', preferences: { tags: ['vip'] } },
    ]);
    const customer = await store.register();
    const cart = await cartWithCode('VIPONLY', customer.token);
    expect(await discountOf(cart)).toBe('0.00');

    const tagged = await admin.call('PATCH', `/customers/${customer.id}`, {
      json: { tags: ['vip'] },
    });
    expect(tagged.status).toBe(200);
    // Any change of the cart judges it again.
    expect((await cart.address()).status).toBe(200);
    expect(await discountOf(cart)).toBe('-2.00');
  });

  it('applies a first-order promotion to a new buyer only, by customer and by e-mail', async () => {
    await createCodePromotion('FIRSTBUY', [{ type: 'first_order' }]);
    const email = uniqueEmail('first');
    const first = await cartWithCode('FIRSTBUY');
    expect((await first.address(US_ADDRESS, email)).status).toBe(200);
    expect(await discountOf(first)).toBe('-2.00');
    const payment = await first.call('POST', `/carts/${first.id}/payments`, {
      payment_method_id: await first.paymentMethodId('check'),
    });
    expect(payment.status).toBe(201);
    expect((await first.complete()).status).toBe(200);

    const second = await cartWithCode('FIRSTBUY');
    expect(await discountOf(second)).toBe('-2.00');
    expect((await second.address(US_ADDRESS, email.toUpperCase())).status).toBe(200);
    const view = (await second.get()).body;
    expect(view.discount_total).toBe('0.00');
    expect(view.warnings).toEqual([
      expect.objectContaining({ code: 'discount_code_not_applied', discount_code: 'firstbuy' }),
    ]);
  });

  it('applies a zone promotion when the shipping address is in the zone', async () => {
    const zone = await admin.call('POST', '/zones', {
      json: { name: 'Virginia', kind: 'state', states: ['US-VA'] },
    });
    expect(zone.status).toBe(201);
    const promotion = await createCodePromotion('VAONLY', [
      { type: 'zone', preferences: { zone_ids: [zone.body.id] } },
    ]);
    const stored = await t.dataSource.query(
      `SELECT preferences FROM promotion_rules WHERE promotion_id = $1`,
      [records.key(ID_PREFIX.promotion, promotion)],
    );
    expect(stored).toEqual([
      { preferences: { zone_ids: [records.key(ID_PREFIX.zone, zone.body.id)] } },
    ]);

    const cart = await cartWithCode('VAONLY');
    expect(await discountOf(cart)).toBe('0.00');
    expect((await cart.address({ ...US_ADDRESS, state_name: 'NY' })).status).toBe(200);
    expect(await discountOf(cart)).toBe('0.00');
    expect((await cart.address({ ...US_ADDRESS, state_name: 'VA' })).status).toBe(200);
    expect(await discountOf(cart)).toBe('-2.00');
  });
});
