import { createHash } from 'node:crypto';
import type { Cart, Client, CreateCartParams, CreatePaymentParams, Order } from '@spree/sdk';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CARDS,
  CartClient,
  type CheckoutRecords,
  DE_ADDRESS,
  type DemoVariant,
  demoVariants,
} from '../helpers/checkout-fixtures.js';
import { uniqueEmail } from '../helpers/customers-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { CLIENT_US_ADDRESS, sdkShopForThisFile } from '../helpers/spree-sdk-fixtures.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The parts of a cart or order view that `items` and `line_items` must share. */
function linesOf(view: Cart | Order): unknown {
  return (view as unknown as { line_items: unknown }).line_items;
}

describe('Store API checkout through @spree/sdk', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let client: Client;
  let tees: DemoVariant[];

  const sdk = sdkShopForThisFile();
  beforeAll(() => {
    ({ t, shop, records, client, tees } = sdk);
  });

  /** The stored order row behind a cart or order id. */
  async function storedOrder(publicId: string) {
    const [row] = await t.dataSource.query(
      `SELECT token_digest, token_sealed, customer_id::text AS customer_id, state, email,
              metadata, locale
       FROM orders WHERE id = $1`,
      [records.orderKey(publicId)],
    );
    return row;
  }

  async function register(): Promise<{ jwt: string; email: string; id: string }> {
    const email = uniqueEmail('sdk-checkout');
    const auth = await client.customers.create({
      email,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    return { jwt: auth.token, email, id: auth.user.id };
  }

  it('walks a guest checkout paid by check, with the client’s fields adding up', async () => {
    const [small, medium] = tees;
    // The compare-at price comes from the variant's price in the cart's currency.
    await t.dataSource.query(
      `UPDATE prices SET compare_at_amount = 24.99 WHERE variant_id = $1 AND currency = 'USD'`,
      [records.key(ID_PREFIX.variant, small.id)],
    );

    // 1. A new cart: its token, nothing in it, the store's ways to pay and its market.
    const cart = await client.carts.create();
    expect(cart.id).toMatch(/^cart_/);
    expect(cart.token).toEqual(expect.any(String));
    const spreeToken = cart.token;
    expect(cart).toMatchObject({
      email: null,
      currency: 'USD',
      locale: null,
      total_quantity: 0,
      items: [],
      current_step: 'address',
      completed_steps: [],
      warnings: [],
      discounts: [],
      gift_card: null,
      gift_card_total: '0.00',
      channel_id: expect.stringMatching(/^ch_/),
      amount_due: '0.00',
      store_credit_total: '0.00',
      covered_by_store_credit: false,
      shipping_eq_billing_address: false,
      billing_address: null,
      shipping_address: null,
    });
    expect(cart.payment_methods.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'Credit card', type: 'test_card' },
      { name: 'Check', type: 'check' },
    ]);
    expect(cart.payment_methods[1]).toMatchObject({
      description: 'Pay by check',
      session_required: false,
      source_required: false,
    });
    expect(cart.payment_methods[0].source_required).toBe(true);
    // No shipping address yet: the default market selling in the cart's currency.
    expect(cart.market).toMatchObject({ currency: 'USD', default: true });
    expect(cart.market?.country_isos).toContain('US');
    expect(cart.market_id).toBe(cart.market?.id);
    const stored = await storedOrder(cart.id);
    expect(stored.token_digest).toBe(sha256(spreeToken));
    expect(stored.token_sealed).toMatch(/^v1\./);
    expect(stored.token_sealed).not.toContain(spreeToken);
    expect(stored).toMatchObject({ metadata: {}, locale: null, customer_id: null });

    // 2. Three small tees (the line), then a medium one raised to two and removed again.
    let view = await client.carts.items.create(
      cart.id,
      { variant_id: small.id, quantity: 3 },
      { spreeToken },
    );
    expect(view.token).toBe(spreeToken);
    expect(view.total_quantity).toBe(3);
    expect(view.items).toHaveLength(1);
    expect(view.items[0]).toMatchObject({
      variant_id: small.id,
      quantity: 3,
      price: '19.99',
      total: '59.97',
      discounted_amount: '59.97',
      discount_total: '0.00',
      adjustment_total: '0.00',
      compare_at_amount: '74.97',
      display_compare_at_amount: '$74.97',
      thumbnail_url: null,
      preorder: false,
      preorder_ships_at: null,
      option_values: [
        {
          id: expect.stringMatching(/^optval_/),
          option_type_id: expect.stringMatching(/^opt_/),
          name: 's',
          label: 'S',
          position: 1,
          color_code: null,
          option_type_name: 'size',
          option_type_label: 'Size',
          image_url: null,
        },
      ],
      digital_links: [],
    });
    expect(view.items).toEqual(linesOf(view));
    view = await client.carts.items.create(
      cart.id,
      { variant_id: medium.id, quantity: 1 },
      { spreeToken },
    );
    const mediumLine = view.items.find((item) => item.variant_id === medium.id)!;
    view = await client.carts.items.update(cart.id, mediumLine.id, { quantity: 2 }, { spreeToken });
    expect(view.total_quantity).toBe(5);
    expect(view.item_total).toBe('99.95');
    expect(view.items.find((item) => item.id === mediumLine.id)?.compare_at_amount).toBeNull();
    view = await client.carts.items.delete(cart.id, mediumLine.id, { spreeToken });
    expect(view.items.map((item) => item.variant_id)).toEqual([small.id]);
    expect(view).toMatchObject({ total_quantity: 3, item_total: '59.97', total: '59.97' });
    expect(view.current_step).toBe('address');

    // 3. Email and both addresses. Standard ($5.00) and Express (3 × $2.50) serve the US; the
    //    cheaper is selected, so the shopper is at payment. Tax: 8% of 59.97 = 4.80.
    view = await client.carts.update(
      cart.id,
      {
        email: 'grace@example.com',
        billing_address: CLIENT_US_ADDRESS,
        shipping_address: CLIENT_US_ADDRESS,
      },
      { spreeToken },
    );
    expect(view).toMatchObject({
      email: 'grace@example.com',
      current_step: 'payment',
      completed_steps: ['address', 'delivery'],
      shipping_eq_billing_address: true,
      delivery_total: '5.00',
      display_delivery_total: '$5.00',
      tax_total: '4.80',
      total: '69.77',
      amount_due: '69.77',
      display_amount_due: '$69.77',
    });
    expect(view.billing_address).toMatchObject({ first_name: 'Grace', city: 'Arlington' });
    expect(view.shipping_address).toEqual(
      (view as unknown as { ship_address: unknown }).ship_address,
    );
    expect(view.market?.country_isos).toContain('US');
    expect(view.fulfillments).toHaveLength(1);
    const [fulfillment] = view.fulfillments;
    expect(fulfillment).toMatchObject({
      number: expect.stringMatching(/^H\d{11}$/),
      status: 'pending',
      fulfillment_type: 'shipping',
      tracking: null,
      tracking_url: null,
      fulfilled_at: null,
      items: [{ item_id: view.items[0].id }],
      cost: '5.00',
      total: '5.00',
      delivery_method: { name: 'Standard', code: null },
      stock_location: { country_iso: 'US', country_name: 'United States' },
    });
    expect(
      fulfillment.delivery_rates.map(({ name, cost, total, selected, delivery_method }) => ({
        name,
        cost,
        total,
        selected,
        method: delivery_method.name,
      })),
    ).toEqual([
      { name: 'Standard', cost: '5.00', total: '5.00', selected: true, method: 'Standard' },
      { name: 'Express', cost: '7.50', total: '7.50', selected: false, method: 'Express' },
    ]);

    // 4. Express instead: 59.97 + 7.50 + 4.80 (US shipping is untaxed) = 72.27.
    const express = fulfillment.delivery_rates.find((rate) => rate.name === 'Express')!;
    view = await client.carts.fulfillments.update(
      cart.id,
      fulfillment.id,
      { selected_delivery_rate_id: express.id },
      { spreeToken },
    );
    expect(view.fulfillments[0].delivery_method).toEqual(express.delivery_method);
    expect(view).toMatchObject({ delivery_total: '7.50', total: '72.27', amount_due: '72.27' });

    // 5. Pay by check, as the cart offers it.
    const check = view.payment_methods.find((method) => method.type === 'check')!;
    const payment = await client.carts.payments.create(
      cart.id,
      { payment_method_id: check.id },
      { spreeToken },
    );
    expect(payment).toMatchObject({
      number: expect.stringMatching(/^P\d{9}$/),
      status: 'checkout',
      amount: '72.27',
      display_amount: '$72.27',
      payment_method_id: check.id,
      payment_method: check,
      source_type: null,
      source_id: null,
      source: null,
      response_code: null,
    });
    const [paymentRow] = await t.dataSource.query('SELECT number FROM payments WHERE id = $1', [
      records.key(ID_PREFIX.payment, payment.id),
    ]);
    expect(paymentRow.number).toBe(payment.number);
    view = await client.carts.get(cart.id, { spreeToken });
    expect(view).toMatchObject({
      current_step: 'confirm',
      completed_steps: ['address', 'delivery', 'payment'],
      requirements: [],
    });
    const [shipmentRow] = await t.dataSource.query(
      'SELECT number, line_item_ids::text[] AS line_item_ids FROM shipments WHERE id = $1',
      [records.key(ID_PREFIX.fulfillment, fulfillment.id)],
    );
    expect(shipmentRow).toEqual({
      number: fulfillment.number,
      line_item_ids: [records.key(ID_PREFIX.lineItem, view.items[0].id)],
    });

    // 6. Placed: an order, paid later by check, the whole total still due.
    const order = await client.carts.complete(cart.id, { spreeToken });
    expect(order.id).toMatch(/^or_/);
    expect(order).toMatchObject({
      number: cart.number,
      email: 'grace@example.com',
      total: '72.27',
      amount_due: '72.27',
      total_quantity: 3,
      payment_status: 'balance_due',
      fulfillment_status: 'pending',
      completed_at: expect.any(String),
      market_id: view.market_id,
    });
    for (const cartOnly of ['token', 'current_step', 'payment_methods', 'warnings']) {
      expect(order).not.toHaveProperty(cartOnly);
    }
    expect(order.items).toEqual(linesOf(order));
    expect(order.payments.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: payment.id, status: 'pending' },
    ]);
    expect(await storedOrder(order.id)).toMatchObject({
      state: 'complete',
      email: 'grace@example.com',
    });

    // 7. The guest reads it back with the cart token.
    const shown = await client.orders.get(order.id, undefined, { spreeToken });
    expect(shown).toEqual(order);
  });

  /** Attaches a file to a variant through the Admin API; answers the digital's view. */
  async function attachDigital(variant: DemoVariant, name: string): Promise<{ id: string }> {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('manual')], { type: 'application/pdf' }), name);
    const response = await fetch(
      `${t.baseUrl}/api/v3/admin/products/${variant.productId}/variants/${variant.id}/digitals`,
      { method: 'POST', headers: { 'x-store-api-key': shop.secret_key }, body: form },
    );
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string };
  }

  /** A guest order of one unit of each variant, shipped to the US, paid as told. */
  async function guestOrder(variants: DemoVariant[], pay: 'check' | 'test_card') {
    const cart = await client.carts.create();
    const { token: spreeToken } = cart;
    for (const variant of variants) {
      await client.carts.items.create(
        cart.id,
        { variant_id: variant.id, quantity: 1 },
        { spreeToken },
      );
    }
    await client.carts.update(
      cart.id,
      {
        email: 'buyer@example.com',
        billing_address: CLIENT_US_ADDRESS,
        shipping_address: CLIENT_US_ADDRESS,
      },
      { spreeToken },
    );
    const method = cart.payment_methods.find((candidate) => candidate.type === pay)!;
    await client.carts.payments.create(
      cart.id,
      {
        payment_method_id: method.id,
        ...(pay === 'test_card' ? { source: CARDS.approved } : {}),
      } as CreatePaymentParams,
      { spreeToken },
    );
    return { order: await client.carts.complete(cart.id, { spreeToken }), spreeToken };
  }

  it('shows the buyer each line’s download links, usable once the order is paid', async () => {
    const [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
    await attachDigital(mug, 'mug-care.pdf');

    const { order, spreeToken } = await guestOrder([mug, tees[3]], 'test_card');
    const [mugLine, teeLine] = order.items;
    expect(mugLine.variant_id).toBe(mug.id);
    expect(mugLine.digital_links).toEqual([
      {
        id: expect.stringMatching(/^dl_/),
        access_counter: 0,
        filename: 'mug-care.pdf',
        content_type: 'application/pdf',
        download_url: expect.stringMatching(/^\/api\/v3\/store\/digitals\/[A-Za-z0-9_-]{43}$/),
        authorizable: true,
        expired: false,
        access_limit_exceeded: false,
      },
    ]);
    expect(teeLine.digital_links).toEqual([]);
    expect(order.items).toEqual(linesOf(order));
    // The order-level list the contract names holds the same link.
    const [link] = (order as unknown as { digital_links: { id: string; download_url: string }[] })
      .digital_links;
    expect(link).toMatchObject({
      id: mugLine.digital_links[0].id,
      download_url: mugLine.digital_links[0].download_url,
    });
    expect(await client.orders.get(order.id, undefined, { spreeToken })).toEqual(order);

    // Paid by check, the order is not paid yet: the link is there but would not download.
    const unpaid = await guestOrder([mug], 'check');
    expect(unpaid.order.items[0].digital_links).toMatchObject([
      { authorizable: false, expired: false, access_limit_exceeded: false },
    ]);
    // Event payloads never carry download URLs.
    const [event] = await t.dataSource.query(
      `SELECT payload::text AS payload FROM events WHERE name = 'order.completed'
       AND payload->>'id' = $1`,
      [order.id],
    );
    const payload = JSON.parse(event.payload) as { items: { digital_links: unknown[] }[] };
    expect(payload.items.map((item) => item.digital_links)).toEqual([[], []]);
    expect(event.payload).not.toContain(link.download_url);
  });

  it('warns about a line whose stock fell, without changing the cart', async () => {
    const variant = tees[2];
    const cart = await client.carts.create();
    const { token: spreeToken } = cart;
    await client.carts.items.create(
      cart.id,
      { variant_id: variant.id, quantity: 4 },
      { spreeToken },
    );
    await records.setStock(variant.id, 3);

    const view = await client.carts.get(cart.id, { spreeToken });
    expect(view.warnings).toEqual([
      {
        code: 'insufficient_stock',
        message: 'Only 3 of Classic Cotton T-Shirt left in stock',
        line_item_id: view.items[0].id,
        variant_id: variant.id,
      },
    ]);
    expect(view.items[0].quantity).toBe(4);
    expect(await records.lines(cart.id)).toEqual([{ variant_id: variant.id, quantity: 4 }]);
  });

  it('warns when nothing delivers to the address, and plans no fulfillment', async () => {
    // The demo store's US delivery methods are priced in dollars only.
    const cart = await client.carts.create({ currency: 'EUR' } as CreateCartParams);
    const { token: spreeToken } = cart;
    await client.carts.items.create(
      cart.id,
      { variant_id: tees[0].id, quantity: 1 },
      { spreeToken },
    );
    const view = await client.carts.update(
      cart.id,
      {
        email: 'grace@example.com',
        billing_address: CLIENT_US_ADDRESS,
        shipping_address: CLIENT_US_ADDRESS,
      },
      { spreeToken },
    );
    expect(view.fulfillments).toEqual([]);
    expect(view.warnings).toEqual([
      {
        code: 'delivery_unavailable',
        message: 'Classic Cotton T-Shirt cannot be delivered to this address',
        line_item_id: view.items[0].id,
        variant_id: tees[0].id,
      },
    ]);
    expect(view.current_step).toBe('delivery');
    expect(view.requirements.map((requirement) => requirement.field)).toContain('shipping_method');
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM shipments WHERE order_id = $1',
      [records.key(ID_PREFIX.cart, cart.id)],
    );
    expect(count).toBe(0);
  });

  it('sells to a German address in the EU market', async () => {
    const cart = await client.carts.create();
    const { token: spreeToken } = cart;
    await client.carts.items.create(
      cart.id,
      { variant_id: tees[3].id, quantity: 1 },
      { spreeToken },
    );
    const view = await client.carts.update(
      cart.id,
      {
        email: 'emmy@example.com',
        billing_address: CLIENT_US_ADDRESS,
        shipping_address: DE_ADDRESS,
      },
      { spreeToken },
    );
    expect(view.market?.country_isos).toContain('DE');
    expect(view.market?.currency).toBe('EUR');
    expect(view.market_id).toBe(view.market?.id);
    expect(view.shipping_eq_billing_address).toBe(false);
  });

  it('checks out a signed-in customer: store credit, then a card, and the order history', async () => {
    const customer = await register();
    const token = customer.jwt;
    await records.giveStoreCredit(shop, customer.id, {
      currency: 'USD',
      amount: '20.00',
      daysAgo: 1,
    });

    const cart = await client.carts.create({}, { token });
    expect(cart).toMatchObject({ email: customer.email, token: expect.any(String) });
    expect(await storedOrder(cart.id)).toMatchObject({
      customer_id: records.key(ID_PREFIX.customer, customer.id),
    });
    // The owner signed in gets the cart's token without presenting it (its sealed copy).
    const again = await client.carts.get(cart.id, { token });
    expect(again.token).toBe(cart.token);

    await client.carts.items.create(cart.id, { variant_id: tees[1].id, quantity: 3 }, { token });
    await client.carts.update(
      cart.id,
      { billing_address: CLIENT_US_ADDRESS, shipping_address: CLIENT_US_ADDRESS },
      { token },
    );
    // Store credit is applied with its own route (outside this client's calls here).
    const credited = await new CartClient(t, shop, token).call(
      'POST',
      `/carts/${cart.id}/store_credits`,
      {},
    );
    expect(credited.status).toBe(200);
    let view = await client.carts.get(cart.id, { token });
    expect(view).toMatchObject({
      total: '69.77',
      store_credit_total: '20.00',
      display_store_credit_total: '$20.00',
      amount_due: '49.77',
      covered_by_store_credit: false,
      current_step: 'payment',
    });
    expect(view.payments).toHaveLength(1);
    expect(view.payments[0]).toMatchObject({
      status: 'checkout',
      amount: '20.00',
      source_type: 'store_credit',
      source_id: expect.stringMatching(/^credit_/),
      payment_method: { type: 'store_credit', source_required: false },
    });

    const card = view.payment_methods.find((method) => method.type === 'test_card')!;
    const payment = await client.carts.payments.create(
      cart.id,
      { payment_method_id: card.id, source: CARDS.approved } as CreatePaymentParams,
      { token },
    );
    expect(payment).toMatchObject({
      amount: '49.77',
      source_type: 'credit_card',
      source_id: null,
      source: { brand: 'visa', last_digits: '4242' },
      payment_method: { type: 'test_card', source_required: true },
    });
    view = await client.carts.get(cart.id, { token });
    expect(view.current_step).toBe('confirm');

    const order = await client.carts.complete(cart.id, { token });
    expect(order).toMatchObject({
      payment_status: 'paid',
      total: '69.77',
      store_credit_total: '20.00',
      amount_due: '0.00',
      covered_by_store_credit: false,
    });
    expect(order.payments.map((paid) => paid.status)).toEqual(['completed', 'completed']);

    const history = await client.customer.orders.list({}, { token });
    expect(history.data.map((placed) => placed.id)).toEqual([order.id]);
    expect(await client.customer.orders.get(order.id, undefined, { token })).toEqual(order);
  });

  it('gives a guest cart to the customer who signs in, token and all', async () => {
    const guest = await client.carts.create();
    const { token: spreeToken } = guest;
    await client.carts.items.create(
      guest.id,
      { variant_id: tees[0].id, quantity: 1 },
      { spreeToken },
    );
    const customer = await register();

    const claimed = await client.carts.associate(guest.id, { token: customer.jwt, spreeToken });
    expect(claimed).toMatchObject({ id: guest.id, email: customer.email, token: spreeToken });
    expect(await storedOrder(guest.id)).toMatchObject({
      customer_id: records.key(ID_PREFIX.customer, customer.id),
      email: customer.email,
    });
    // From now on the customer's JWT alone shows the cart, with its token.
    const shown = await client.carts.get(guest.id, { token: customer.jwt });
    expect(shown.token).toBe(spreeToken);
    const listed = await client.carts.list({ token: customer.jwt });
    expect(listed.data.map((cart) => [cart.id, cart.token])).toEqual([[guest.id, spreeToken]]);
  });

  it('shows a cart made before tokens were kept sealed its token only when presented', async () => {
    const customer = await register();
    const cart = await client.carts.create({}, { token: customer.jwt });
    await t.dataSource.query('UPDATE orders SET token_sealed = NULL WHERE id = $1', [
      records.key(ID_PREFIX.cart, cart.id),
    ]);
    // Read without the client: such a cart cannot satisfy the client's schema (`token`).
    const owner = new CartClient(t, shop, customer.jwt);
    owner.id = cart.id;
    const withoutToken = await owner.get();
    expect(withoutToken.status).toBe(200);
    expect(withoutToken.body).not.toHaveProperty('token');
    owner.token = cart.token;
    const withToken = await owner.get();
    expect(withToken.body.token).toBe(cart.token);
  });
});
