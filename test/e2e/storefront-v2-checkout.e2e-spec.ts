import v2sdk from '@spree/storefront-api-v2-sdk';
import type { IOrder, JsonApiDocument } from '@spree/storefront-api-v2-sdk';
import type { Client } from '@spree/sdk';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  type CheckoutRecords,
  type DemoVariant,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import { uniqueEmail } from '../helpers/customers-fixtures.js';
import {
  refused,
  type StorefrontV2Client,
  succeeded,
  v2ShopForThisFile,
} from '../helpers/storefront-v2-client.js';

const { findRelationshipDocuments, findSingleRelationshipDocument } = v2sdk;

/** A test card as v2's `source_attributes` carries it. */
const card = (number: string) => ({
  number,
  month: 12,
  year: 2099,
  name: 'Grace Hopper',
  verification_value: '123',
});
const APPROVED = card('4242424242424242');
const DECLINED = card('4000000000000002');

/** The related documents of the cart (`data`) under a relationship, from `included`. */
const relatedOf = (doc: IOrder, name: string) =>
  findRelationshipDocuments<JsonApiDocument>(doc, doc.data, name);

describe('Storefront v2 checkout through @spree/storefront-api-v2-sdk', () => {
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let client: Client;
  let v2: StorefrontV2Client;
  let tees: DemoVariant[];

  const context = v2ShopForThisFile();
  beforeAll(() => {
    ({ shop, records, client, v2, tees } = context);
  });

  /** The ids of the cart's check and card methods, as `GET /checkout/payment_methods` lists them. */
  async function paymentMethods(token: Record<string, string>) {
    const listed = await succeeded(v2.checkout.paymentMethods(token));
    expect(listed.data.map(({ type, attributes }) => [type, attributes.name])).toEqual([
      ['payment_method', 'Credit card'],
      ['payment_method', 'Check'],
    ]);
    const [card, check] = listed.data;
    expect(card.attributes).toMatchObject({ source_required: true });
    expect(check.attributes).toMatchObject({ description: 'Pay by check', source_required: false });
    return { check: check.id, card: card.id };
  }

  /** A guest cart with one unit of a tee, addressed to the US (Express, the cheaper, selected). */
  async function addressedGuestCart(variant: DemoVariant) {
    const created = await succeeded(v2.cart.create());
    const order_token = created.data.attributes.token as string;
    await succeeded(v2.cart.addItem({ order_token, variant_id: variant.id, quantity: 1 }));
    const doc = await succeeded(
      v2.checkout.orderUpdate({
        order_token,
        order: {
          email: 'ada@example.com',
          bill_address_attributes: US_ADDRESS,
          ship_address_attributes: US_ADDRESS,
        },
      }),
    );
    expect(doc.data.attributes).toMatchObject({ state: 'payment', total: '24.09' });
    return { id: created.data.id, order_token };
  }

  it('walks a guest checkout paid by check, each step read through its included documents', async () => {
    const [small] = tees;

    // 1. A new cart: its order token is an attribute; nothing in it yet.
    const created = await succeeded(v2.cart.create());
    expect(created.data).toMatchObject({
      type: 'cart',
      id: expect.stringMatching(/^cart_/),
      attributes: {
        state: 'cart',
        token: expect.any(String),
        email: null,
        currency: 'USD',
        item_count: 0,
        total: '0.00',
        display_total: '$0.00',
      },
    });
    const cartId = created.data.id;
    const order_token = created.data.attributes.token as string;
    expect(await records.checkout(cartId)).toMatchObject({ state: 'cart', customer_id: null });

    // 2. Three small tees: the line and its variant come back included.
    let doc = await succeeded(
      v2.cart.addItem({
        order_token,
        variant_id: small.id,
        quantity: 3,
        include: 'line_items,variants',
      }),
    );
    expect(doc.data.id).toBe(cartId);
    expect(doc.data.attributes).toMatchObject({
      item_count: 3,
      item_total: '59.97',
      display_item_total: '$59.97',
    });
    const [line] = relatedOf(doc, 'line_items');
    expect(line).toMatchObject({
      type: 'line_item',
      id: expect.stringMatching(/^li_/),
      attributes: { quantity: 3, price: '19.99', total: '59.97' },
    });
    expect(line.relationships.variant.data).toEqual({ type: 'variant', id: small.id });
    expect(relatedOf(doc, 'variants').map((variant) => variant.id)).toEqual([small.id]);
    expect(await records.lines(cartId)).toEqual([{ variant_id: small.id, quantity: 3 }]);

    // 3. Email and both addresses (the contract's v2 names). The cheaper rate is selected, so
    //    the checkout is at payment: 59.97 + 5.00 + 8% tax on the goods (4.80) = 69.77.
    doc = await succeeded(
      v2.checkout.orderUpdate({
        order_token,
        order: {
          email: 'grace@example.com',
          bill_address_attributes: US_ADDRESS,
          ship_address_attributes: US_ADDRESS,
        },
        include: 'billing_address,shipping_address,shipments.shipping_rates',
      }),
    );
    expect(doc.data.attributes).toMatchObject({
      email: 'grace@example.com',
      state: 'payment',
      ship_total: '5.00',
      tax_total: '4.80',
      total: '69.77',
      display_total: '$69.77',
    });
    const billing = findSingleRelationshipDocument<JsonApiDocument>(
      doc,
      doc.data,
      'billing_address',
    );
    expect(billing).toMatchObject({
      type: 'address',
      attributes: {
        firstname: 'Grace',
        lastname: 'Hopper',
        address1: '1 Navy Way',
        city: 'Arlington',
        zipcode: '22202',
        phone: '555-0100',
        country_iso: 'US',
      },
    });
    expect(
      findSingleRelationshipDocument<JsonApiDocument>(doc, doc.data, 'shipping_address')
        ?.attributes,
    ).toMatchObject({ firstname: 'Grace', city: 'Arlington' });
    const [shipment] = relatedOf(doc, 'shipments');
    expect(shipment).toMatchObject({
      type: 'shipment',
      id: expect.stringMatching(/^ful_/),
      attributes: { cost: '5.00', display_cost: '$5.00' },
    });
    const rates = findRelationshipDocuments<JsonApiDocument>(doc, shipment, 'shipping_rates');
    expect(
      rates.map(({ attributes }) => [attributes.name, attributes.cost, attributes.selected]),
    ).toEqual([
      ['Standard', '5.00', true],
      ['Express', '7.50', false],
    ]);
    expect(await records.checkout(cartId)).toMatchObject({
      state: 'payment',
      email: 'grace@example.com',
    });

    // 4. The shipments to choose a rate for, with their rates.
    const listed = await succeeded(v2.checkout.shippingRates({ order_token }));
    expect(listed.data.map(({ type, id }) => ({ type, id }))).toEqual([
      { type: 'shipment', id: shipment.id },
    ]);
    const express = findRelationshipDocuments<JsonApiDocument>(
      listed,
      listed.data[0],
      'shipping_rates',
    ).find((rate) => rate.attributes.name === 'Express')!;
    expect(express.attributes).toMatchObject({
      cost: '7.50',
      shipping_method_id: expect.stringMatching(/^dm_/),
    });

    // 5. Express instead: 59.97 + 7.50 + 4.80 (US shipping is untaxed) = 72.27.
    doc = await succeeded(
      v2.checkout.selectShippingMethod({
        order_token,
        shipping_method_id: express.attributes.shipping_method_id as string,
        include: 'shipments.shipping_rates',
      }),
    );
    expect(doc.data.attributes).toMatchObject({ ship_total: '7.50', total: '72.27' });
    const [reselected] = relatedOf(doc, 'shipments');
    expect(
      findRelationshipDocuments<JsonApiDocument>(doc, reselected, 'shipping_rates')
        .filter((rate) => rate.attributes.selected)
        .map((rate) => rate.id),
    ).toEqual([express.id]);

    // 6. Paid by check, for the whole total: the checkout is at confirm.
    const methods = await paymentMethods({ order_token });
    doc = await succeeded(
      v2.checkout.addPayment({
        order_token,
        payment_method_id: methods.check,
        include: 'payments',
      }),
    );
    expect(doc.data.attributes.state).toBe('confirm');
    const [payment] = relatedOf(doc, 'payments');
    expect(payment).toMatchObject({
      type: 'payment',
      id: expect.stringMatching(/^py_/),
      attributes: {
        state: 'checkout',
        amount: '72.27',
        display_amount: '$72.27',
        payment_method_id: methods.check,
      },
    });

    // 7. Placed: complete, the check still to be paid.
    doc = await succeeded(v2.checkout.complete({ order_token, include: 'payments,line_items' }));
    expect({ type: doc.data.type, id: doc.data.id }).toEqual({ type: 'cart', id: cartId });
    expect(doc.data.attributes).toMatchObject({
      state: 'complete',
      number: created.data.attributes.number,
      total: '72.27',
      payment_state: 'balance_due',
      completed_at: expect.any(String),
    });
    expect(relatedOf(doc, 'payments').map(({ id, attributes }) => [id, attributes.state])).toEqual([
      [payment.id, 'pending'],
    ]);
    expect(relatedOf(doc, 'line_items').map(({ id }) => id)).toEqual([line.id]);
    expect(await records.checkout(cartId)).toMatchObject({
      state: 'complete',
      email: 'grace@example.com',
      payment_state: 'balance_due',
      completed_at: expect.any(Date),
      amounts: { total: '72.27', item_total: '59.97', ship_total: '7.50', item_count: 3 },
    });
    expect(
      (await records.paymentRows(cartId)).map(({ type, state, amount }) => [type, state, amount]),
    ).toEqual([['check', 'pending', '72.27']]);

    // The order token no longer opens a cart.
    const after = await refused(v2.cart.show({ order_token }));
    expect({ status: after.status, code: after.body.error.code }).toEqual({
      status: 404,
      code: 'cart_not_found',
    });
  });

  it('pays a guest checkout by card: declined on complete, then approved', async () => {
    const variant = tees[1];
    const { id, order_token } = await addressedGuestCart(variant);
    const methods = await paymentMethods({ order_token });
    const stock = await records.stock(variant.id);

    // A declined card is taken as a payment, and refused when the order is placed.
    let doc = await succeeded(
      v2.checkout.addPayment({
        order_token,
        payment_method_id: methods.card,
        source_attributes: DECLINED as never,
        include: 'payments',
      }),
    );
    expect(doc.data.attributes.state).toBe('confirm');
    const [declined] = relatedOf(doc, 'payments');
    expect(declined.attributes).toMatchObject({ state: 'checkout', amount: '24.09' });
    const refusal = await refused(v2.checkout.complete({ order_token }));
    expect({ status: refusal.status, code: refusal.body.error.code }).toEqual({
      status: 422,
      code: 'payment_failed',
    });
    expect(await records.checkout(id)).toMatchObject({
      payment_state: 'failed',
      completed_at: null,
    });
    expect((await records.checkout(id)).state).not.toBe('complete');
    expect(await records.stock(variant.id)).toBe(stock);

    // The cart still opens with its token; the failed payment is kept, an approved card places it.
    doc = await succeeded(v2.cart.show({ order_token, include: 'payments' }));
    expect(relatedOf(doc, 'payments').map(({ id, attributes }) => [id, attributes.state])).toEqual([
      [declined.id, 'failed'],
    ]);
    doc = await succeeded(
      v2.checkout.addPayment({
        order_token,
        payment_method_id: methods.card,
        source_attributes: APPROVED as never,
      }),
    );
    expect(doc.data.attributes.state).toBe('confirm');
    doc = await succeeded(v2.checkout.complete({ order_token, include: 'payments.source' }));
    expect(doc.data.attributes).toMatchObject({ state: 'complete', payment_state: 'paid' });
    const payments = relatedOf(doc, 'payments');
    expect(payments.map(({ attributes }) => attributes.state)).toEqual(['failed', 'completed']);
    expect(
      findSingleRelationshipDocument<JsonApiDocument>(doc, payments[1], 'source'),
    ).toMatchObject({ attributes: { last_digits: '4242' } });

    const rows = await records.paymentRows(id);
    expect(rows.map(({ type, state, amount }) => [type, state, amount])).toEqual([
      ['test_card', 'failed', '24.09'],
      ['test_card', 'completed', '24.09'],
    ]);
    for (const row of rows) {
      expect(row.row).not.toContain(DECLINED.number);
      expect(row.row).not.toContain(APPROVED.number);
    }
    expect(await records.checkout(id)).toMatchObject({
      state: 'complete',
      payment_state: 'paid',
      payment_total: '24.09',
    });
    expect(await records.stock(variant.id)).toBe(stock - 1);
  });

  it('checks out a signed-in customer: store credit for part, a card for the rest', async () => {
    const email = uniqueEmail('v2-checkout');
    const auth = await client.customers.create({
      email,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    const bearer_token = auth.token;
    const credit = await records.giveStoreCredit(shop, auth.user.id, {
      currency: 'USD',
      amount: '20.00',
      daysAgo: 1,
    });

    // The cart is the customer's: no order token needed from here on.
    const created = await succeeded(v2.cart.create({ bearer_token }));
    const cartId = created.data.id;
    expect(created.data.attributes.email).toBe(email);
    expect(created.data.relationships.user.data).toEqual({ type: 'user', id: auth.user.id });
    expect((await records.checkout(cartId)).customer_id).not.toBeNull();

    await succeeded(v2.cart.addItem({ bearer_token, variant_id: tees[2].id, quantity: 3 }));
    let doc = await succeeded(
      v2.checkout.orderUpdate({
        bearer_token,
        order: { bill_address_attributes: US_ADDRESS, ship_address_attributes: US_ADDRESS },
      }),
    );
    expect(doc.data.id).toBe(cartId);
    expect(doc.data.attributes).toMatchObject({ state: 'payment', total: '69.77' });

    // $20 of store credit: a payment of its own; 49.77 left for the card.
    doc = await succeeded(
      v2.checkout.addStoreCredits({ bearer_token, amount: 20, include: 'payments' }),
    );
    expect(doc.data.attributes).toMatchObject({
      state: 'payment',
      store_credit_total: '20.00',
      order_total_after_store_credit: '49.77',
      display_order_total_after_store_credit: '$49.77',
    });
    const [creditPayment] = relatedOf(doc, 'payments');
    expect(creditPayment.attributes).toMatchObject({
      state: 'checkout',
      amount: '20.00',
      source_type: 'store_credit',
    });

    const methods = await paymentMethods({ bearer_token });
    doc = await succeeded(
      v2.checkout.addPayment({
        bearer_token,
        payment_method_id: methods.card,
        source_attributes: APPROVED as never,
        include: 'payments',
      }),
    );
    expect(doc.data.attributes.state).toBe('confirm');
    expect(relatedOf(doc, 'payments').map(({ attributes }) => attributes.amount)).toEqual([
      '20.00',
      '49.77',
    ]);

    doc = await succeeded(v2.checkout.complete({ bearer_token, include: 'payments,user' }));
    expect(doc.data.attributes).toMatchObject({
      state: 'complete',
      payment_state: 'paid',
      total: '69.77',
      order_total_after_store_credit: '49.77',
    });
    expect(relatedOf(doc, 'payments').map(({ attributes }) => attributes.state)).toEqual([
      'completed',
      'completed',
    ]);
    expect(findSingleRelationshipDocument<JsonApiDocument>(doc, doc.data, 'user')?.id).toBe(
      auth.user.id,
    );

    expect(await records.checkout(cartId)).toMatchObject({
      state: 'complete',
      payment_state: 'paid',
      payment_total: '69.77',
      email,
    });
    expect(
      (await records.paymentRows(cartId)).map(({ type, state, amount, store_credit_id }) => [
        type,
        state,
        amount,
        store_credit_id,
      ]),
    ).toEqual([
      ['store_credit', 'completed', '20.00', credit],
      ['test_card', 'completed', '49.77', null],
    ]);
    expect(await records.creditsUsed([credit])).toEqual({ [credit]: '20.00' });
    // Nothing is left open: the customer has no current cart any more.
    const none = await refused(v2.cart.show({ bearer_token }));
    expect({ status: none.status, code: none.body.error.code }).toEqual({
      status: 404,
      code: 'cart_not_found',
    });
  });
});
