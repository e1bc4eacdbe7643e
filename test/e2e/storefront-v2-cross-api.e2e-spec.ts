import type { IOrder, RelationType } from '@spree/storefront-api-v2-sdk';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  type CheckoutRecords,
  type DemoVariant,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import {
  refused,
  type StorefrontV2Client,
  succeeded,
  v2ShopForThisFile,
} from '../helpers/storefront-v2-client.js';
import type { TestApp } from '../helpers/test-app.js';

/** The cart's `state_lock_version` (an attribute the client's types do not name). */
const versionOf = (doc: IOrder): unknown =>
  (doc.data.attributes as unknown as Record<string, unknown>).state_lock_version;

/** The ids a to-many relationship of the cart names. */
const idsOf = (doc: IOrder, name: string): string[] =>
  (doc.data.relationships[name].data as RelationType[]).map(({ id }) => id);

describe('One cart, two APIs: Storefront v2 and the v3 Store API', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let v2: StorefrontV2Client;
  let tees: DemoVariant[];

  const context = v2ShopForThisFile();
  beforeAll(() => {
    ({ t, shop, records, v2, tees } = context);
  });

  /**
   * Follows the cart's `state_lock_version`: each state-changing call, through either API, moves
   * it on by exactly one, and both APIs and the stored row show the same number.
   */
  function lockTracker(cartId: string) {
    let expected: number | undefined;
    return async (shown: { v2?: unknown; v3?: unknown }, step: string, changes = 1) => {
      const stored = (await records.checkout(cartId)).state_lock_version;
      expected = expected === undefined ? stored : expected + changes;
      expect({ step, stored, ...shown }).toEqual({
        step,
        stored: expected,
        ...Object.fromEntries(Object.keys(shown).map((api) => [api, expected])),
      });
    };
  }

  /** How many `order.completed` events the store's outbox holds for an order number. */
  async function completedEventsOf(number: string): Promise<number> {
    return (await records.completedPayloads(shop)).filter((payload) => payload.number === number)
      .length;
  }

  it('completes through v3 a cart created through v2', async () => {
    // v2: the cart and its first line.
    const created = await succeeded(v2.cart.create());
    const cartId = created.data.id;
    const order_token = created.data.attributes.token as string;
    const number = created.data.attributes.number as string;
    const lock = lockTracker(cartId);
    await lock({ v2: versionOf(created) }, 'v2 create');

    let doc = await succeeded(
      v2.cart.addItem({ order_token, variant_id: tees[0].id, quantity: 2 }),
    );
    await lock({ v2: versionOf(doc) }, 'v2 add_item');

    // v3 opens the same cart: its id is v2's `data.id`, its token v2's order token.
    const v3 = new CartClient(t, shop);
    v3.id = cartId;
    v3.token = order_token;
    let view = await v3.get();
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      id: cartId,
      number,
      token: order_token,
      item_total: '39.98',
    });
    expect(view.body.items.map((item: { id: string }) => item.id)).toEqual(
      idsOf(doc, 'line_items'),
    );
    await lock({ v3: view.body.state_lock_version }, 'v3 read', 0);

    // v3 adds a line, v2 addresses the cart: each sees the other's change.
    const added = await v3.addItem(tees[1].id, 1);
    expect(added.status).toBe(201);
    await lock({ v3: added.body.state_lock_version }, 'v3 add item');
    doc = await succeeded(
      v2.checkout.orderUpdate({
        order_token,
        order: {
          email: 'grace@example.com',
          bill_address_attributes: US_ADDRESS,
          ship_address_attributes: US_ADDRESS,
        },
      }),
    );
    expect(doc.data.attributes).toMatchObject({ item_count: 3, state: 'payment' });
    await lock({ v2: versionOf(doc) }, 'v2 checkout');

    // v3 pays by check and places the order.
    const methodId = await v3.paymentMethodId('check');
    const paid = await v3.call('POST', `/carts/${cartId}/payments`, {
      payment_method_id: methodId,
    });
    expect(paid.status).toBe(201);
    view = await v3.get();
    expect(view.body).toMatchObject({ current_step: 'confirm', total: doc.data.attributes.total });
    await lock({ v3: view.body.state_lock_version }, 'v3 payment');
    const placed = await v3.complete();
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({
      number,
      state: 'complete',
      email: 'grace@example.com',
      total: doc.data.attributes.total,
    });
    await lock({ v3: placed.body.state_lock_version }, 'v3 complete');

    expect(await records.checkout(cartId)).toMatchObject({
      state: 'complete',
      completed_at: expect.any(Date),
    });
    expect(await completedEventsOf(number)).toBe(1);
    // v2 no longer finds a cart for the token; placing it again through v2 changes nothing.
    const gone = await refused(v2.cart.show({ order_token }));
    expect({ status: gone.status, code: gone.body.error.code }).toEqual({
      status: 404,
      code: 'cart_not_found',
    });
    const again = await succeeded(v2.checkout.complete({ order_token }));
    expect(again.data).toMatchObject({
      type: 'cart',
      id: cartId,
      attributes: { number, state: 'complete', state_lock_version: placed.body.state_lock_version },
    });
    expect(await completedEventsOf(number)).toBe(1);
    expect((await records.checkout(cartId)).state_lock_version).toBe(
      placed.body.state_lock_version,
    );
  });

  it('completes through v2 a cart created through v3', async () => {
    // v3: the cart, a line, and the addresses.
    const v3 = new CartClient(t, shop);
    const created = await v3.create();
    const { id: cartId, token: order_token, number } = created.body;
    const lock = lockTracker(cartId);
    await lock({ v3: created.body.state_lock_version }, 'v3 create');
    const added = await v3.addItem(tees[2].id, 1);
    expect(added.status).toBe(201);
    await lock({ v3: added.body.state_lock_version }, 'v3 add item');

    // v2 opens it with the v3 cart token as its order token: the same cart.
    let doc = await succeeded(v2.cart.show({ order_token }));
    expect(doc.data).toMatchObject({
      type: 'cart',
      id: cartId,
      attributes: { number, token: order_token, item_count: 1 },
    });
    await lock({ v2: versionOf(doc) }, 'v2 read', 0);

    const addressed = await v3.address();
    expect(addressed.status).toBe(200);
    await lock({ v3: addressed.body.state_lock_version }, 'v3 address');

    // v2: Standard shipping instead of the cheaper Express, a check, and the order placed.
    const rates = await succeeded(v2.checkout.shippingRates({ order_token }));
    const standard = (rates.included ?? []).find(
      (rate) => rate.type === 'shipping_rate' && rate.attributes.name === 'Standard',
    )!;
    doc = await succeeded(
      v2.checkout.selectShippingMethod({
        order_token,
        shipping_method_id: standard.attributes.shipping_method_id,
      }),
    );
    expect(doc.data.attributes).toMatchObject({ ship_total: '5.00', total: '26.59' });
    await lock({ v2: versionOf(doc) }, 'v2 select_shipping_method');
    const methods = await succeeded(v2.checkout.paymentMethods({ order_token }));
    const check = methods.data.find((method) => method.attributes.name === 'Check')!;
    doc = await succeeded(v2.checkout.addPayment({ order_token, payment_method_id: check.id }));
    expect(doc.data.attributes.state).toBe('confirm');
    await lock({ v2: versionOf(doc) }, 'v2 create_payment');

    const view = await v3.get();
    expect(view.body).toMatchObject({
      current_step: 'confirm',
      total: '26.59',
      state_lock_version: versionOf(doc),
    });
    expect(view.body.payments.map((payment: { id: string }) => payment.id)).toEqual(
      idsOf(doc, 'payments'),
    );

    doc = await succeeded(v2.checkout.complete({ order_token }));
    expect(doc.data).toMatchObject({
      type: 'cart',
      id: cartId,
      attributes: { number, state: 'complete', completed_at: expect.any(String) },
    });
    await lock({ v2: versionOf(doc) }, 'v2 complete');
    expect(await records.checkout(cartId)).toMatchObject({
      state: 'complete',
      payment_state: 'balance_due',
      amounts: { total: '26.59' },
    });
    expect(await completedEventsOf(number)).toBe(1);

    // v3 completing it again answers the order it became (the same row), placing nothing twice.
    const twice = await v3.complete();
    expect(twice.status).toBe(200);
    expect(twice.body).toMatchObject({
      id: expect.stringMatching(/^or_/),
      number,
      state: 'complete',
      state_lock_version: versionOf(doc),
    });
    expect(records.orderKey(twice.body.id)).toBe(records.orderKey(cartId));
    const order = await v3.call('GET', `/orders/${twice.body.id}`);
    expect(order.status).toBe(200);
    expect(order.body.payments.map((payment: { id: string }) => payment.id)).toEqual(
      idsOf(doc, 'payments'),
    );
    expect(await completedEventsOf(number)).toBe(1);
  });
});
