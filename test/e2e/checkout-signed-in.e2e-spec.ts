import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  amountsOf,
  CartClient,
  CheckoutRecords,
  DE_ADDRESS,
  type DemoVariant,
  demoVariants,
  displayedOf,
  placeOrder,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import {
  type RegisteredCustomer,
  startCustomersTestApp,
  StoreCaller,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Signed-in checkout, end to end (EUR, VAT included)', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let store: StoreCaller;
  let records: CheckoutRecords;
  let codec: PublicIdCodec;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    store = new StoreCaller(t, shop);
    records = new CheckoutRecords(t);
    codec = t.app.get(PublicIdCodec);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  /** The variant of a demo product at `index`, priced in EUR. */
  async function eurVariant(slug: string, index = 0): Promise<DemoVariant> {
    return (await demoVariants(t, shop, slug, 'EUR'))[index];
  }

  /** A cart client for `customer` on an existing cart, with or without the cart token. */
  function asCustomer(cart: CartClient, customer: RegisteredCustomer, withToken: boolean) {
    const client = new CartClient(t, shop, customer.token);
    client.id = cart.id;
    client.token = withToken ? cart.token : '';
    return client;
  }

  it('pays with the oldest EUR store credit first and a card for the rest', async () => {
    const customer = await store.register();
    const tee = await eurVariant('classic-cotton-t-shirt');
    const mug = await eurVariant('ceramic-coffee-mug');
    // EUR prices are the USD ones × 0.92, rounded: 19.99 → 18.3908 → 18.39; 12.50 → 11.50.
    expect([tee.price, mug.price]).toEqual(['18.39', '11.50']);

    // A cart of the signed-in customer: bound to them and their email, no token needed after.
    const cart = new CartClient(t, shop, customer.token);
    const created = await cart.create({ currency: 'EUR' });
    expect(created.body).toMatchObject({
      currency: 'EUR',
      customer_id: customer.id,
      email: customer.email,
    });
    cart.token = '';
    expect((await cart.addItem(tee.id, 3)).status).toBe(201);
    expect((await cart.addItem(mug.id, 1)).status).toBe(201);

    // An address from the address book, for billing and shipping. The order keeps copies.
    const saved = await store.call('POST', '/account/addresses', {
      token: customer.token,
      json: DE_ADDRESS,
    });
    expect(saved.status).toBe(201);
    const addressed = await cart.update({
      billing_address_id: saved.body.id,
      shipping_address_id: saved.body.id,
    });
    expect(addressed.status).toBe(200);
    expect(addressed.body).toMatchObject({ state: 'payment', state_lock_version: 3 });
    for (const address of [addressed.body.bill_address, addressed.body.ship_address]) {
      expect(address).toMatchObject({ firstname: 'Emmy', zipcode: '37073', country_iso: 'DE' });
      expect(address.id).not.toBe(saved.body.id);
    }

    // VAT 20% is included in the prices, per line, rounded half up:
    //   tees 3 × 18.39 = 55.17; 55.17 − 55.17 / 1.2 = 55.17 − 45.975 = 9.195 → 9.20
    //   mug  1 × 11.50 = 11.50; 11.50 − 11.50 / 1.2 = 11.50 − 9.5833… = 1.9166… → 1.92
    //   (one rounding over 66.67 would give 11.11, not 9.20 + 1.92 = 11.12)
    // EU Standard is the only EUR rate: €6.00 flat, VAT included: 6.00 − 5.00 = 1.00.
    // included tax 9.20 + 1.92 + 1.00 = 12.12, added to nothing;
    // pre-tax items 66.67 − 11.12 = 55.55; pre-tax total 55.55 + 5.00 = 60.55;
    // total = items + shipping = 66.67 + 6.00 = 72.67.
    const totals = {
      item_total: '66.67',
      ship_total: '6.00',
      adjustment_total: '0.00',
      included_tax_total: '12.12',
      additional_tax_total: '0.00',
      tax_total: '12.12',
      promo_total: '0.00',
      pre_tax_item_amount: '55.55',
      pre_tax_total: '60.55',
      total: '72.67',
      item_count: 4,
    };
    expect(amountsOf(addressed.body)).toEqual(totals);
    expect(
      addressed.body.line_items.map((line: Record<string, string>) => line.included_tax_total),
    ).toEqual(['9.20', '1.92']);
    expect(addressed.body.fulfillments).toEqual([
      expect.objectContaining({
        cost: '6.00',
        included_tax_total: '1.00',
        delivery_rates: [expect.objectContaining({ name: 'EU Standard', selected: true })],
      }),
    ]);

    // Store credit: 100.00 USD (oldest, wrong currency), then 10.00 and 25.00 EUR.
    const usd = await records.giveStoreCredit(shop, customer.id, {
      currency: 'USD',
      amount: '100.00',
      daysAgo: 30,
    });
    const older = await records.giveStoreCredit(shop, customer.id, {
      currency: 'EUR',
      amount: '10.00',
      daysAgo: 20,
    });
    const newer = await records.giveStoreCredit(shop, customer.id, {
      currency: 'EUR',
      amount: '25.00',
      daysAgo: 10,
    });

    // Up to 30.00 of it: all of the older EUR credit, then 20.00 of the newer one.
    const credited = await cart.call('POST', `/carts/${cart.id}/store_credits`, {
      amount: '30.00',
    });
    expect(credited.status).toBe(200);
    expect(credited.body).toMatchObject({ state: 'payment', state_lock_version: 4 });
    expect(credited.body.requirements).toEqual([expect.objectContaining({ field: 'payment' })]);
    expect(
      credited.body.payments.map((payment: Record<string, string>) => [
        payment.store_credit_id,
        payment.amount,
        payment.state,
      ]),
    ).toEqual([
      [codec.encode('credit', older), '10.00', 'checkout'],
      [codec.encode('credit', newer), '20.00', 'checkout'],
    ]);

    // The card pays the rest: 72.67 − 30.00 = 42.67.
    const paid = await cart.payByCard();
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ payment_method_type: 'test_card', amount: '42.67' });
    expect((await cart.get()).body).toMatchObject({ state: 'confirm', requirements: [] });

    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    const order = completed.body;
    expect(order).toMatchObject({
      id: `or_${cart.id.slice('cart_'.length)}`,
      state: 'complete',
      state_lock_version: 6,
      customer_id: customer.id,
      email: customer.email,
      payment_state: 'paid',
      shipment_state: 'ready',
      payment_total: '72.67',
    });
    expect(amountsOf(order)).toEqual(totals);
    expect(displayedOf(order, ['included_tax_total', 'ship_total', 'total'])).toEqual({
      display_included_tax_total: '€12.12',
      display_ship_total: '€6.00',
      display_total: '€72.67',
    });

    // Stored: the order is the customer's, the credits are spent oldest first, USD untouched.
    const stored = await records.checkout(order.id);
    expect(stored).toMatchObject({
      state: 'complete',
      customer_id: records.key('cus', customer.id),
      email: customer.email,
      payment_state: 'paid',
      payment_total: '72.67',
    });
    expect(stored.amounts).toMatchObject({ included_tax_total: '12.12', total: '72.67' });
    expect(await records.creditsUsed([usd, older, newer])).toEqual({
      [usd]: '0.00',
      [older]: '10.00',
      [newer]: '20.00',
    });
    const payments = await records.paymentRows(order.id);
    const summary = payments.map((row) => [row.type, row.state, row.amount, row.store_credit_id]);
    expect(summary).toEqual([
      ['store_credit', 'completed', '10.00', older],
      ['store_credit', 'completed', '20.00', newer],
      ['test_card', 'completed', '42.67', null],
    ]);
    expect(await records.stock(tee.id)).toBe(47);
    expect(await records.stock(mug.id)).toBe(49);

    // The JWT alone finds the placed order.
    const shown = await store.call('GET', `/orders/${order.id}`, { token: customer.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(order);
  });

  it('a check payment places the order with the balance still due', async () => {
    const customer = await store.register();
    const tee = await eurVariant('classic-cotton-t-shirt', 1);
    const order = await placeOrder(new CartClient(t, shop, customer.token), {
      currency: 'EUR',
      lines: [{ variantId: tee.id, quantity: 1 }],
      address: DE_ADDRESS,
      email: customer.email,
      pay: 'check',
    });

    // 18.39 − 18.39 / 1.2 = 18.39 − 15.325 = 3.065 → 3.07 VAT; shipping 6.00 with 1.00 VAT.
    // total 18.39 + 6.00 = 24.39; nothing is paid yet.
    expect(amountsOf(order)).toMatchObject({
      included_tax_total: '4.07',
      pre_tax_item_amount: '15.32',
      total: '24.39',
    });
    expect(order).toMatchObject({
      customer_id: customer.id,
      payment_state: 'balance_due',
      shipment_state: 'pending',
      payment_total: '0.00',
    });
    expect(order.payments).toEqual([
      expect.objectContaining({ payment_method_type: 'check', state: 'pending', amount: '24.39' }),
    ]);
    expect(await records.checkout(order.id)).toMatchObject({
      state: 'complete',
      payment_state: 'balance_due',
      shipment_state: 'pending',
      payment_total: '0.00',
    });
    expect(
      (await records.paymentRows(order.id)).map(({ type, state, amount }) => [type, state, amount]),
    ).toEqual([['check', 'pending', '24.39']]);
    expect(await records.stateChanges(order.id)).toContain('payment: checkout → pending');
    expect(await records.stock(tee.id)).toBe(49);
  });

  it('a guest cart claimed by a signed-in customer becomes theirs, and only theirs', async () => {
    const [owner, other] = [await store.register(), await store.register()];
    const tee = await eurVariant('classic-cotton-t-shirt', 2);
    const guest = new CartClient(t, shop);
    await guest.create();
    expect((await guest.addItem(tee.id, 1)).status).toBe(201);
    const openCarts = async (customer: RegisteredCustomer) => {
      const listed = await store.call('GET', '/carts', { token: customer.token });
      expect(listed.status).toBe(200);
      return listed.body.data.map((cart: { id: string }) => cart.id);
    };
    expect(await openCarts(owner)).toEqual([]);

    const associate = (client: CartClient) => client.call('PATCH', `/carts/${client.id}/associate`);

    // Claiming needs a signed-in customer as well as the cart token.
    expectError(await associate(guest), 401, 'authentication_required');
    const withoutToken = asCustomer(guest, owner, false);
    expectError(await associate(withoutToken), 404, 'cart_not_found');

    const claimed = await associate(asCustomer(guest, owner, true));
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({
      id: guest.id,
      customer_id: owner.id,
      email: owner.email,
      state_lock_version: 2,
    });
    expect(await records.checkout(guest.id)).toMatchObject({
      customer_id: records.key('cus', owner.id),
      email: owner.email,
      state_lock_version: 2,
    });
    expect(await openCarts(owner)).toEqual([guest.id]);
    expect((await withoutToken.get()).status).toBe(200);

    // Another customer gets nothing: not with their JWT alone, nor by claiming it with the token.
    const intruder = asCustomer(guest, other, false);
    expectError(await intruder.get(), 404, 'cart_not_found');
    expectError(await associate(asCustomer(guest, other, true)), 404, 'cart_not_found');
    expect(await openCarts(other)).toEqual([]);
    expect(await records.checkout(guest.id)).toMatchObject({
      customer_id: records.key('cus', owner.id),
      state_lock_version: 2,
    });
  });
});
