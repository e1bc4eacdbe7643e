import v2sdk from '@spree/storefront-api-v2-sdk';
import type { IOrder, JsonApiDocument } from '@spree/storefront-api-v2-sdk';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { US_ADDRESS } from '../helpers/checkout-fixtures.js';
import { AdminCaller, uniqueEmail } from '../helpers/customers-fixtures.js';
import {
  refused,
  registeredCustomerToken,
  succeeded,
  v2ShopForThisFile,
} from '../helpers/storefront-v2-client.js';

const { findRelationshipDocuments } = v2sdk;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cart's related documents under a relationship, from `included`. */
const relatedOf = (doc: IOrder, name: string) =>
  findRelationshipDocuments<JsonApiDocument>(doc, doc.data, name);

/** A cart token as the v2 client takes it: a guest's order token or a customer's bearer token. */
type CartToken = { order_token: string } | { bearer_token: string };

/**
 * Coupon codes through the official Storefront v2 client (`@spree/storefront-api-v2-sdk`, headers
 * renamed only) on a demo shop: tee 19.99, US sales tax 8% on items, Standard shipping 5.00.
 */
describe('Storefront v2: coupon codes', () => {
  const ctx = v2ShopForThisFile();
  let admin: AdminCaller;
  const promotions: Record<string, string> = {};

  const tenPercent = [{ type: 'order_percent', preferences: { percent: '10' } }];
  const createPromotion = async (json: Record<string, unknown>) => {
    const response = await admin.call('POST', '/promotions', {
      json: { kind: 'coupon_code', ...json },
    });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 201,
      body: expect.objectContaining({ id: expect.any(String) }),
    });
    return response.body.id as string;
  };

  beforeAll(async () => {
    admin = new AdminCaller(ctx.t, ctx.shop);
    expect(ctx.tees[0].price).toBe('19.99');
    const now = Date.now();
    promotions.save10 = await createPromotion({
      name: 'Ten off',
      description: '10% off the whole order',
      code: 'SAVE10',
      actions: tenPercent,
    });
    promotions.big5 = await createPromotion({
      name: 'Five off over 50',
      code: 'BIG5',
      rules: [{ type: 'item_total', preferences: { amount_min: { USD: '50.00' } } }],
      actions: [{ type: 'order_fixed', preferences: { amount: { USD: '5.00' } } }],
    });
    promotions.expired = await createPromotion({
      name: 'Gone by',
      code: 'OLD10',
      starts_at: new Date(now - 2 * DAY_MS).toISOString(),
      expires_at: new Date(now - DAY_MS).toISOString(),
      actions: tenPercent,
    });
    promotions.soon = await createPromotion({
      name: 'Not yet',
      code: 'SOON10',
      starts_at: new Date(now + DAY_MS).toISOString(),
      actions: tenPercent,
    });
    promotions.archived = await createPromotion({
      name: 'Archived',
      code: 'ARCH10',
      status: 'archived',
      actions: tenPercent,
    });
    promotions.usedUp = await createPromotion({
      name: 'Used up',
      code: 'ONCE10',
      usage_limit: 3,
      actions: tenPercent,
    });
    await ctx.t.dataSource.query(`UPDATE promotions SET usage_count = usage_limit WHERE id = $1`, [
      promotionKey(promotions.usedUp),
    ]);
    promotions.oncePerCustomer = await createPromotion({
      name: 'Welcome',
      code: 'HELLO',
      per_customer_limit: 1,
      actions: [{ type: 'order_fixed', preferences: { amount: { USD: '2.00' } } }],
    });
  }, 60_000);

  const promotionKey = (id: string) => ctx.records.key(ID_PREFIX.promotion, id);

  /** The codes stored on a cart (`order_promotions`), with the promotion and code row they name. */
  async function storedCodes(cartId: string) {
    const rows: Record<string, string>[] = await ctx.t.dataSource.query(
      `SELECT op.code, op.promotion_id::text AS promotion_id,
              (op.coupon_code_id = c.id) AS code_row_matches
       FROM order_promotions op JOIN coupon_codes c ON c.promotion_id = op.promotion_id
       WHERE op.order_id = $1 ORDER BY op.id`,
      [ctx.records.orderKey(cartId)],
    );
    return rows;
  }
  const storedCode = (code: string, promotionId: string) => ({
    code,
    promotion_id: promotionKey(promotionId),
    code_row_matches: true,
  });

  /** A cart (a guest's unless `token` is given) of `quantity` tees, addressed in the US. */
  async function filledCart(quantity: number, token?: CartToken) {
    let cartToken = token;
    const created = await succeeded(ctx.v2.cart.create(token ?? {}));
    cartToken ??= { order_token: created.data.attributes.token as string };
    await succeeded(ctx.v2.cart.addItem({ ...cartToken, variant_id: ctx.tees[0].id, quantity }));
    const addressed = await succeeded(
      ctx.v2.checkout.orderUpdate({
        ...cartToken,
        order: {
          ...('order_token' in cartToken ? { email: uniqueEmail('v2-codes') } : {}),
          bill_address_attributes: US_ADDRESS,
          ship_address_attributes: US_ADDRESS,
        },
      }),
    );
    expect(addressed.data.attributes).toMatchObject({ state: 'payment', promo_total: '0.00' });
    return { id: created.data.id, token: cartToken, cart: addressed };
  }

  /** Pays the cart by check and places it: the placed order's document. */
  async function placed(token: CartToken) {
    const methods = await succeeded(ctx.v2.checkout.paymentMethods(token));
    const check = methods.data.find((method) => method.attributes.name === 'Check')!;
    await succeeded(ctx.v2.checkout.addPayment({ ...token, payment_method_id: check.id }));
    return succeeded(ctx.v2.checkout.complete({ ...token, include: 'promotions' }));
  }

  it('applies a code in any case: the cart and its lines discounted, the promotion related and included, then placed with it', async () => {
    const { id, token } = await filledCart(3);

    const doc = await succeeded(
      ctx.v2.cart.applyCouponCode({
        ...token,
        coupon_code: '  Save10 ',
        include: 'promotions,line_items',
      }),
    );
    // 10% of 59.97 = 5.997 → 6.00 off; tax 8% of 53.97 = 4.3176 → 4.32; shipping 5.00.
    expect(doc.data).toMatchObject({ type: 'cart', id });
    expect(doc.data.attributes).toMatchObject({
      item_total: '59.97',
      promo_total: '-6.00',
      display_promo_total: '-$6.00',
      tax_total: '4.32',
      total: '63.29',
      display_total: '$63.29',
    });
    expect(doc.data.relationships.promotions.data).toEqual([
      { type: 'promotion', id: promotions.save10 },
    ]);
    expect(relatedOf(doc, 'promotions')).toEqual([
      {
        type: 'promotion',
        id: promotions.save10,
        attributes: {
          name: 'Ten off',
          description: '10% off the whole order',
          amount: '-6.00',
          display_amount: '-$6.00',
          code: 'save10',
        },
      },
    ]);
    const lines = relatedOf(doc, 'line_items');
    expect(
      lines.map(({ attributes }) => [attributes.promo_total, attributes.display_promo_total]),
    ).toEqual([['-6.00', '-$6.00']]);
    expect(await storedCodes(id)).toEqual([storedCode('save10', promotions.save10)]);
    expect((await ctx.records.checkout(id)).amounts).toMatchObject({
      promo_total: '-6.00',
      total: '63.29',
    });

    // Shown again on the cart; without `include` the relationship still names it.
    const shown = await succeeded(ctx.v2.cart.show(token));
    expect(shown.data.relationships.promotions.data).toEqual([
      { type: 'promotion', id: promotions.save10 },
    ]);
    expect(shown.included).toBeUndefined();

    // Placed: the order keeps the discount, and the order status shows it.
    const order = await placed(token);
    expect(order.data.attributes).toMatchObject({
      state: 'complete',
      promo_total: '-6.00',
      display_promo_total: '-$6.00',
      total: '63.29',
    });
    expect(
      relatedOf(order, 'promotions').map(({ id, attributes }) => [id, attributes.code]),
    ).toEqual([[promotions.save10, 'save10']]);
    const status = await succeeded(
      ctx.v2.order.status({
        ...(token as { order_token: string }),
        order_number: order.data.attributes.number as string,
        include: 'promotions',
      }),
    );
    expect(status.data.attributes).toMatchObject({ promo_total: '-6.00', total: '63.29' });
    expect(relatedOf(status, 'promotions').map(({ attributes }) => attributes.amount)).toEqual([
      '-6.00',
    ]);
    expect(await ctx.records.checkout(id)).toMatchObject({
      state: 'complete',
      amounts: { promo_total: '-6.00', total: '63.29' },
    });
  });

  it('removes one code, answers 404 for a code the cart lacks, and removes all of them', async () => {
    const { id, token } = await filledCart(3);
    await succeeded(ctx.v2.cart.applyCouponCode({ ...token, coupon_code: 'SAVE10' }));
    const both = await succeeded(ctx.v2.cart.applyCouponCode({ ...token, coupon_code: 'big5' }));
    // 6.00 (10% of 59.97) and 5.00 off.
    expect(both.data.attributes).toMatchObject({ promo_total: '-11.00' });
    const related = both.data.relationships.promotions.data;
    expect(related).toHaveLength(2);
    expect(related).toEqual(
      expect.arrayContaining([
        { type: 'promotion', id: promotions.save10 },
        { type: 'promotion', id: promotions.big5 },
      ]),
    );
    expect(await storedCodes(id)).toEqual([
      storedCode('save10', promotions.save10),
      storedCode('big5', promotions.big5),
    ]);

    const removed = await succeeded(
      ctx.v2.cart.removeCouponCode({ ...token, code: 'Save10', include: 'promotions' }),
    );
    expect(removed.data.attributes).toMatchObject({
      promo_total: '-5.00',
      display_promo_total: '-$5.00',
    });
    expect(
      relatedOf(removed, 'promotions').map(({ id, attributes }) => [id, attributes.code]),
    ).toEqual([[promotions.big5, 'big5']]);
    expect(await storedCodes(id)).toEqual([storedCode('big5', promotions.big5)]);

    const missing = await refused(ctx.v2.cart.removeCouponCode({ ...token, code: 'SAVE10' }));
    expect(missing).toEqual({
      status: 404,
      body: {
        error: { code: 'record_not_found', message: 'The cart has no such discount code' },
      },
    });
    expect(await storedCodes(id)).toEqual([storedCode('big5', promotions.big5)]);

    const none = await succeeded(ctx.v2.cart.removeAllCoupons({ ...token, include: 'promotions' }));
    expect(none.data.attributes).toMatchObject({ promo_total: '0.00', total: '69.77' });
    expect(none.data.relationships.promotions.data).toEqual([]);
    expect(none.included).toEqual([]);
    expect(await storedCodes(id)).toEqual([]);
    // Nothing left to remove: still the cart.
    expect((await succeeded(ctx.v2.cart.removeAllCoupons(token))).data.id).toBe(id);
  });

  it.each([
    ['an unknown code', ' Nope ', 'Nope', 'does not exist'],
    ['an expired code', 'old10', 'old10', 'has expired'],
    ['a code not started yet', 'SOON10', 'SOON10', 'is not active yet'],
    ['an archived promotion’s code', 'ARCH10', 'ARCH10', 'is no longer active'],
    ['a used-up code', 'Once10', 'Once10', 'has reached its usage limit'],
  ])(
    'refuses %s with 422 saying why, and stores nothing',
    async (_case, entered, shown, reason) => {
      const { id, token } = await filledCart(3);
      const refusal = await refused(
        ctx.v2.cart.applyCouponCode({ ...token, coupon_code: entered }),
      );
      expect(refusal).toEqual({
        status: 422,
        body: {
          error: {
            code: 'validation_error',
            message: `The code "${shown}" ${reason}`,
            details: { code: [reason] },
          },
        },
      });
      expect(await storedCodes(id)).toEqual([]);
      const cart = await succeeded(ctx.v2.cart.show(token));
      expect(cart.data.attributes).toMatchObject({ promo_total: '0.00', total: '69.77' });
      expect(cart.data.relationships.promotions.data).toEqual([]);
    },
  );

  it('refuses a code already on the cart, and a blank or missing one', async () => {
    const { id, token } = await filledCart(1);
    await succeeded(ctx.v2.cart.applyCouponCode({ ...token, coupon_code: 'SAVE10' }));
    const again = await refused(ctx.v2.cart.applyCouponCode({ ...token, coupon_code: 'save10 ' }));
    expect(again).toEqual({
      status: 422,
      body: {
        error: {
          code: 'validation_error',
          message: 'The code "save10" has already been applied',
          details: { code: ['has already been applied'] },
        },
      },
    });
    expect(await storedCodes(id)).toEqual([storedCode('save10', promotions.save10)]);

    const blank = await refused(ctx.v2.cart.applyCouponCode({ ...token, coupon_code: '  ' }));
    expect(blank).toMatchObject({
      status: 422,
      body: { error: { code: 'validation_error', details: { code: ["can't be blank"] } } },
    });
    const missing = await refused(ctx.v2.cart.applyCouponCode({ ...token } as never));
    expect(missing).toMatchObject({
      status: 422,
      body: { error: { code: 'validation_error', details: { coupon_code: expect.any(Array) } } },
    });
    expect(await storedCodes(id)).toEqual([storedCode('save10', promotions.save10)]);
  });

  it('keeps a code the cart does not qualify for yet and discounts the cart once it does', async () => {
    const { id, token, cart } = await filledCart(1);
    const waiting = await succeeded(
      ctx.v2.cart.applyCouponCode({ ...token, coupon_code: 'BIG5', include: 'promotions' }),
    );
    expect(waiting.data.attributes).toMatchObject({
      promo_total: '0.00',
      total: cart.data.attributes.total,
    });
    expect(waiting.data.relationships.promotions.data).toEqual([]);
    expect(await storedCodes(id)).toEqual([storedCode('big5', promotions.big5)]);

    const lines = await succeeded(ctx.v2.cart.show({ ...token, include: 'line_items' }));
    const [line] = relatedOf(lines, 'line_items');
    const qualified = await succeeded(
      ctx.v2.cart.setQuantity({
        ...token,
        line_item_id: line.id,
        quantity: 3,
        include: 'promotions,line_items',
      }),
    );
    // 59.97 − 5.00; tax 8% of 54.97 = 4.3976 → 4.40; Express (the cheaper rate for one tee)
    // stays selected: 7.50.
    expect(qualified.data.attributes).toMatchObject({
      item_total: '59.97',
      promo_total: '-5.00',
      display_promo_total: '-$5.00',
      tax_total: '4.40',
      ship_total: '7.50',
      total: '66.87',
    });
    expect(relatedOf(qualified, 'promotions')).toEqual([
      expect.objectContaining({
        id: promotions.big5,
        attributes: expect.objectContaining({ code: 'big5', amount: '-5.00' }),
      }),
    ]);
    expect(relatedOf(qualified, 'line_items')[0].attributes).toMatchObject({
      promo_total: '-5.00',
      display_promo_total: '-$5.00',
    });
  });

  it('places a signed-in customer’s order with a code, read back from the account, and refuses the code once used up for them', async () => {
    const bearer_token = await registeredCustomerToken(ctx, 'v2-codes');
    const token = { bearer_token };
    const { id } = await filledCart(2, token);
    const applied = await succeeded(
      ctx.v2.cart.applyCouponCode({ ...token, coupon_code: 'hello' }),
    );
    // 39.98 − 2.00; tax 8% of 37.98 = 3.0384 → 3.04; shipping 5.00.
    expect(applied.data.attributes).toMatchObject({ promo_total: '-2.00', total: '46.02' });

    const order = await placed(token);
    expect(order.data.attributes).toMatchObject({ state: 'complete', promo_total: '-2.00' });
    const number = order.data.attributes.number as string;
    const read = await succeeded(
      ctx.v2.account.completedOrder({ bearer_token, order_number: number, include: 'promotions' }),
    );
    expect(read.data.attributes).toMatchObject({
      number,
      promo_total: '-2.00',
      display_promo_total: '-$2.00',
      total: '46.02',
    });
    expect(relatedOf(read, 'promotions')).toEqual([
      {
        type: 'promotion',
        id: promotions.oncePerCustomer,
        attributes: {
          name: 'Welcome',
          description: null,
          amount: '-2.00',
          display_amount: '-$2.00',
          code: 'hello',
        },
      },
    ]);
    const [uses] = await ctx.t.dataSource.query(
      `SELECT count(*)::int AS uses FROM promotion_uses WHERE order_id = $1 AND promotion_id = $2`,
      [ctx.records.orderKey(id), promotionKey(promotions.oncePerCustomer)],
    );
    expect(uses).toEqual({ uses: 1 });

    // The customer's next cart: the code has served them once, as many times as it may.
    const next = await filledCart(1, token);
    const refusal = await refused(ctx.v2.cart.applyCouponCode({ ...token, coupon_code: 'HELLO' }));
    expect(refusal).toEqual({
      status: 422,
      body: {
        error: {
          code: 'validation_error',
          message: 'The code "HELLO" has reached its usage limit for this customer',
          details: { code: ['has reached its usage limit for this customer'] },
        },
      },
    });
    expect(await storedCodes(next.id)).toEqual([]);
  });
});
