import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { startCustomersTestApp } from '../helpers/customers-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * A cart paid for at one total whose total changed afterwards cannot be completed: 422
 * `cart_cannot_complete` with the new total and what the payments cover, nothing placed, and the
 * shopper pays the rest to complete it.
 */
describe('Completing a cart whose payments no longer cover its total', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let mug: DemoVariant;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    records = new CheckoutRecords(t);
    [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
    await records.setStock(mug.id, 1_000);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const payByCheck = async (cart: CartClient, amount: string) => {
    const response = await cart.call('POST', `/carts/${cart.id}/payments`, {
      payment_method_id: await cart.paymentMethodId('check'),
      amount,
    });
    expect({ status: response.status, body: response.body }).toMatchObject({
      status: 201,
      body: { amount },
    });
  };

  it('answers cart_cannot_complete with the new total, places nothing, and completes once the rest is paid', async () => {
    const cart = new CartClient(t, shop);
    await cart.create();
    const added = await cart.addItem(mug.id, 1);
    expect(added.status).toBe(201);
    expect((await cart.address()).status).toBe(200);
    const before = (await cart.get()).body;
    await payByCheck(cart, before.total);
    const [line] = before.items;
    const changed = await cart.call('PATCH', `/carts/${cart.id}/items/${line.id}`, { quantity: 2 });
    expect(changed.status).toBe(200);
    const { total } = changed.body;
    const rest = (Math.round(Number(total) * 100) - Math.round(Number(before.total) * 100)) / 100;
    expect(rest).toBeGreaterThan(0);

    const refused = await cart.complete();
    expect({ status: refused.status, error: refused.body.error }).toEqual({
      status: 422,
      error: {
        code: 'cart_cannot_complete',
        message: `The cart's payments cover ${before.total} of its total ${total}: pay the rest to complete it`,
        details: { reason: 'payment_insufficient', total, paid: before.total },
      },
    });
    expect(await records.order(cart.id)).toMatchObject({ completed_at: null });

    await payByCheck(cart, rest.toFixed(2));
    const completed = await cart.complete();
    expect([completed.status, completed.body.state, completed.body.total]).toEqual([
      200,
      'complete',
      total,
    ]);
  });
});
