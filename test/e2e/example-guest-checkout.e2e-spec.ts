import { createClient } from '@spree/sdk';
import { OrderSchema } from '@spree/sdk/zod';
import { guestCheckout, storeHeadersFetch } from '../../examples/storefront-v3/guest-checkout.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('the guest checkout example of docs/storefront-v3.md', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('places an order through the client, paid by check', async () => {
    t = await startTestApp();
    const shop = await t.seedStore();
    const client = createClient({
      baseUrl: t.baseUrl,
      publishableKey: shop.publishable_key,
      fetch: storeHeadersFetch,
    });

    const order = await guestCheckout(client);

    expect(OrderSchema.safeParse(order).error).toBeUndefined();
    expect(order).toMatchObject({ email: 'ada@example.com', total_quantity: 2 });
    expect(order.billing_address).toMatchObject({ first_name: 'Ada', postal_code: '10001' });
    const [stored] = await t.dataSource.query(
      `SELECT state, email, item_count FROM orders WHERE number = $1`,
      [order.number],
    );
    expect(stored).toEqual({ state: 'complete', email: 'ada@example.com', item_count: 2 });
  });
});
