import type { Cart, Client, CreatePaymentParams, RequestOptions } from '@spree/sdk';

type RequestAuth = Pick<RequestOptions, 'token' | 'spreeToken'>;
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CARDS,
  type CheckoutRecords,
  type DemoVariant,
  demoVariants,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller, uniqueEmail } from '../helpers/customers-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { CLIENT_US_ADDRESS, rejection, sdkShopForThisFile } from '../helpers/spree-sdk-fixtures.js';

interface IssuedCard {
  id: string;
  code: string;
}

describe('Gift cards through @spree/sdk', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let client: Client;
  let tees: DemoVariant[];
  let admin: AdminCaller;

  const sdk = sdkShopForThisFile();
  beforeAll(() => {
    ({ t, shop, records, client, tees } = sdk);
    admin = new AdminCaller(t, shop);
  });

  /** A card issued by staff through the Admin API. */
  async function issue(json: Record<string, unknown>): Promise<IssuedCard> {
    const response = await admin.call('POST', '/gift_cards', { json });
    expect(response.status).toBe(201);
    return response.body as IssuedCard;
  }

  const storedCard = async (id: string) => {
    const [row] = await t.dataSource.query(
      `SELECT amount_used::numeric(20,2)::text AS amount_used, redeemed_at IS NOT NULL AS redeemed,
              customer_id::text AS customer_id,
              (SELECT json_agg(json_build_object('kind', kind, 'amount', amount::numeric(20,2)::text,
                                                 'order_id', order_id::text) ORDER BY id)
               FROM gift_card_transactions WHERE gift_card_id = g.id) AS ledger
       FROM gift_cards g WHERE id = $1`,
      [records.key(ID_PREFIX.giftCard, id)],
    );
    return row as {
      amount_used: string;
      redeemed: boolean;
      customer_id: string | null;
      ledger: { kind: string; amount: string; order_id: string | null }[];
    };
  };

  const storedPayments = async (cartId: string) =>
    t.dataSource.query(
      `SELECT p.state, p.amount::numeric(20,2)::text AS amount, p.gift_card_id IS NOT NULL AS gift_card
       FROM payments p WHERE p.order_id = $1 ORDER BY p.id`,
      [records.orderKey(cartId)],
    );

  /** A guest cart of `quantity` tees (19.99 each) with its address: at the payment step. */
  async function cartAtPayment(quantity: number, options: { token?: string } = {}) {
    const cart = await client.carts.create({}, options);
    const auth = options.token ? options : { spreeToken: cart.token };
    await client.carts.items.create(cart.id, { variant_id: tees[0].id, quantity }, auth);
    await client.carts.update(
      cart.id,
      {
        email: options.token ? undefined : uniqueEmail('gift-card'),
        billing_address: CLIENT_US_ADDRESS,
        shipping_address: CLIENT_US_ADDRESS,
      },
      auth,
    );
    return { cart: await client.carts.get(cart.id, auth), auth };
  }

  it('applies a card in any case and removes it, the cart showing the card and what it pays', async () => {
    const card = await issue({ amount: '20.00', code: 'Spring-Gift-01' });
    expect(card.code).toBe('SPRING-GIFT-01');
    const { cart, auth } = await cartAtPayment(3);
    const total = cart.total;

    const applied = await client.carts.giftCards.apply(cart.id, '  spring-gift-01 ', auth);
    expect(applied).toMatchObject({
      total,
      gift_card_total: '20.00',
      display_gift_card_total: '$20.00',
      amount_due: (Number(total) - 20).toFixed(2),
      gift_card: {
        id: card.id,
        code: 'SPRING-GIFT-01',
        status: 'active',
        currency: 'USD',
        amount: '20.00',
        amount_used: '0.00',
        amount_remaining: '20.00',
        expired: false,
        active: true,
      },
    });
    expect(applied.payments).toEqual([
      expect.objectContaining({
        status: 'checkout',
        amount: '20.00',
        source_type: 'gift_card',
        source_id: card.id,
      }),
    ]);
    expect(await storedPayments(cart.id)).toEqual([
      { state: 'checkout', amount: '20.00', gift_card: true },
    ]);

    const removed = await client.carts.giftCards.remove(cart.id, card.id, auth);
    expect(removed).toMatchObject({ gift_card: null, gift_card_total: '0.00', amount_due: total });
    expect(removed.payments).toEqual([]);
    expect(await storedPayments(cart.id)).toEqual([]);

    const again = await rejection(client.carts.giftCards.remove(cart.id, card.id, auth));
    expect({ status: again.status, code: again.code }).toEqual({
      status: 404,
      code: 'record_not_found',
    });
    // Nothing of the card was spent by applying it.
    expect(await storedCard(card.id)).toMatchObject({ amount_used: '0.00', redeemed: false });
  });

  it('refuses unknown, expired, disabled, spent and other-currency cards, saying which', async () => {
    const expired = await issue({ amount: '10', expires_at: '2020-01-01' });
    const disabled = await issue({ amount: '10' });
    expect(
      (await admin.call('PATCH', `/gift_cards/${disabled.id}`, { json: { disabled: true } }))
        .status,
    ).toBe(200);
    const spent = await issue({ amount: '10' });
    await t.dataSource.query('UPDATE gift_cards SET amount_used = amount WHERE id = $1', [
      records.key(ID_PREFIX.giftCard, spent.id),
    ]);
    const euros = await issue({ amount: '10', currency: 'EUR' });
    const { cart, auth } = await cartAtPayment(1);
    const cases: [string, string][] = [
      ['NO-SUCH-CARD', 'is not a valid gift card code'],
      [expired.code, 'has expired'],
      [disabled.code, 'is disabled'],
      [spent.code, 'has no balance left'],
      [euros.code, "is in EUR, not the cart's USD"],
    ];
    for (const [code, reason] of cases) {
      const error = await rejection(client.carts.giftCards.apply(cart.id, code, auth));
      expect({ status: error.status, code: error.code, details: error.details }).toEqual({
        status: 422,
        code: 'validation_error',
        details: { code: [reason] },
      });
    }
    expect(await storedPayments(cart.id)).toEqual([]);
    // Without the cart's token the cart is not the caller's.
    const stranger = await rejection(client.carts.giftCards.apply(cart.id, expired.code));
    expect({ status: stranger.status, code: stranger.code }).toEqual({
      status: 404,
      code: 'cart_not_found',
    });
  });

  it('pays part of an order by gift card and the rest by the test card', async () => {
    const card = await issue({ amount: '20.00' });
    const { cart, auth } = await cartAtPayment(3);
    const total = cart.total;
    const rest = (Number(total) - 20).toFixed(2);
    await client.carts.giftCards.apply(cart.id, card.code, auth);
    const method = cart.payment_methods.find((candidate) => candidate.type === 'test_card')!;
    const payment = await client.carts.payments.create(
      cart.id,
      { payment_method_id: method.id, source: CARDS.approved } as CreatePaymentParams,
      auth,
    );
    expect(payment).toMatchObject({ amount: rest, source_type: 'credit_card' });

    const order = await client.carts.complete(cart.id, auth);
    expect(order).toMatchObject({
      state: 'complete',
      payment_status: 'paid',
      total,
      gift_card_total: '20.00',
      amount_due: '0.00',
      gift_card: {
        id: card.id,
        status: 'redeemed',
        amount_used: '20.00',
        amount_remaining: '0.00',
      },
    });
    expect(order.payments.map((paid) => [paid.status, paid.amount, paid.source_type])).toEqual([
      ['completed', '20.00', 'gift_card'],
      ['completed', rest, 'credit_card'],
    ]);
    expect(await storedCard(card.id)).toEqual({
      amount_used: '20.00',
      redeemed: true,
      customer_id: null,
      ledger: [
        { kind: 'issued', amount: '20.00', order_id: null },
        { kind: 'used', amount: '20.00', order_id: records.orderKey(order.id) },
      ],
    });
  });

  it('lists the signed-in customer’s cards: sent to its address or spent by it', async () => {
    const email = uniqueEmail('gift-card-owner');
    const auth = await client.customers.create({
      email,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
    });
    const token = auth.token;
    const sent = await issue({ amount: '15', recipient_email: email.toUpperCase() });
    const spentByCustomer = await issue({ amount: '50' });
    await issue({ amount: '5', recipient_email: uniqueEmail('someone-else') });
    const other = await issue({ amount: '5' });

    const { cart } = await cartAtPayment(1, { token });
    await client.carts.giftCards.apply(cart.id, spentByCustomer.code, { token });
    await client.carts.complete(cart.id, { token });

    const list = await client.customer.giftCards.list({}, { token });
    expect(list.data.map((card) => card.id)).toEqual([spentByCustomer.id, sent.id]);
    expect(list.meta).toMatchObject({ count: 2, page: 1 });
    const shown = await client.customer.giftCards.get(sent.id, { token });
    expect(shown).toMatchObject({ id: sent.id, amount: '15.00', status: 'active' });
    expect(await client.customer.giftCards.get(spentByCustomer.id, { token })).toMatchObject({
      amount_remaining: (50 - Number(cart.total)).toFixed(2),
    });
    const missing = await rejection(client.customer.giftCards.get(other.id, { token }));
    expect({ status: missing.status, code: missing.code }).toEqual({
      status: 404,
      code: 'record_not_found',
    });
    const anonymous = await rejection(client.customer.giftCards.list({}));
    expect(anonymous.status).toBe(401);
  });
  /** Adds the test card for what is left to pay. */
  async function payRestByCard(cart: Cart, auth: RequestAuth) {
    const method = cart.payment_methods.find((candidate) => candidate.type === 'test_card')!;
    return client.carts.payments.create(
      cart.id,
      { payment_method_id: method.id, source: CARDS.approved } as CreatePaymentParams,
      auth,
    );
  }

  it('sells a gift card as a product: bought for a recipient, then spent by the recipient', async () => {
    const [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
    await t.dataSource.query(
      `UPDATE products SET metadata = metadata || '{"gift_card": true}'
       WHERE id = (SELECT product_id FROM variants WHERE id = $1)`,
      [records.key(ID_PREFIX.variant, mug.id)],
    );
    const recipientEmail = uniqueEmail('gift-card-recipient');
    const recipient = await client.customers.create({
      email: recipientEmail,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
    });

    // A guest buys the card for the recipient, naming them in the line's metadata.
    const purchase = await client.carts.create();
    const buyer = { spreeToken: purchase.token };
    const withCard = await client.carts.items.create(
      purchase.id,
      {
        variant_id: mug.id,
        quantity: 1,
        metadata: {
          gift_card_recipient_email: recipientEmail,
          gift_card_recipient_name: 'Ada',
          gift_card_sender_name: 'Grace',
          gift_card_message: 'Happy birthday',
        },
      },
      buyer,
    );
    const price = withCard.items[0].price;
    await client.carts.update(
      purchase.id,
      {
        email: uniqueEmail('gift-card-buyer'),
        billing_address: CLIENT_US_ADDRESS,
        shipping_address: CLIENT_US_ADDRESS,
      },
      buyer,
    );
    await payRestByCard(await client.carts.get(purchase.id, buyer), buyer);
    const bought = await client.carts.complete(purchase.id, buyer);
    expect(bought).toMatchObject({ payment_status: 'paid' });
    const issued = await t.dataSource.query(
      `SELECT currency, amount::numeric(20,2)::text AS amount, recipient_email, recipient_name,
              sender_name, message
       FROM gift_cards WHERE line_item_id IN (SELECT id FROM line_items WHERE order_id = $1)`,
      [records.orderKey(bought.id)],
    );
    expect(issued).toEqual([
      {
        currency: 'USD',
        amount: price,
        recipient_email: recipientEmail,
        recipient_name: 'Ada',
        sender_name: 'Grace',
        message: 'Happy birthday',
      },
    ]);

    // The recipient finds the card in their account and spends it on tees, the rest by card.
    const token = recipient.token;
    const mine = await client.customer.giftCards.list({}, { token });
    expect(mine.data).toEqual([
      expect.objectContaining({ amount: price, amount_remaining: price, status: 'active' }),
    ]);
    const { cart } = await cartAtPayment(3, { token });
    const applied = await client.carts.giftCards.apply(cart.id, mine.data[0].code, { token });
    expect(applied).toMatchObject({ gift_card_total: price, gift_card: { id: mine.data[0].id } });
    await payRestByCard(applied, { token });
    const order = await client.carts.complete(cart.id, { token });
    expect(order).toMatchObject({ payment_status: 'paid', gift_card_total: price });
    expect(await client.customer.giftCards.get(mine.data[0].id, { token })).toMatchObject({
      status: 'redeemed',
      amount_used: price,
      amount_remaining: '0.00',
    });
    expect(await storedCard(mine.data[0].id)).toMatchObject({
      amount_used: price,
      redeemed: true,
      customer_id: records.key(ID_PREFIX.customer, recipient.user.id),
    });
  });
});
