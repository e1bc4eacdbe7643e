import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectScopeRefusals } from '../helpers/admin-fixtures.js';
import {
  CartClient,
  CartRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller, startCustomersTestApp } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Coupon codes on draft orders, an order's discount rows and a promotion's figures, through the
 * Admin API: a demo shop (tee 19.99, US sales tax 8% on items, Standard shipping 5.00).
 */
describe('Admin API: coupon codes on orders, order discounts, promotion figures', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let records: CartRecords;
  let tee: DemoVariant;
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
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    admin = new AdminCaller(t, shop);
    records = new CartRecords(t);
    [tee] = await demoVariants(t, shop);
    expect(tee.price).toBe('19.99');
    promotions.save10 = await createPromotion({
      name: 'Ten off',
      code: 'SAVE10',
      actions: tenPercent,
    });
    promotions.expired = await createPromotion({
      name: 'Gone by',
      code: 'OLD10',
      starts_at: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      expires_at: new Date(Date.now() - DAY_MS).toISOString(),
      actions: tenPercent,
    });
    promotions.both = await createPromotion({
      name: 'Ten off and free shipping',
      code: 'BOTH',
      actions: [...tenPercent, { type: 'free_shipping' }],
    });
    promotions.figured = await createPromotion({
      name: 'Counted',
      code: 'COUNT10',
      usage_limit: 10,
      actions: tenPercent,
    });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const createDraft = async (json: Record<string, unknown>) => {
    const response = await admin.call('POST', '/orders', {
      json: { email: 'draft@example.com', items: [{ variant_id: tee.id, quantity: 2 }], ...json },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const patch = (orderId: string, json: Record<string, unknown>) =>
    admin.call('PATCH', `/orders/${orderId}`, { json });
  const show = async (orderId: string) => {
    const response = await admin.call('GET', `/orders/${orderId}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const storedCodes = (orderId: string): Promise<{ code: string }[]> =>
    t.dataSource.query(`SELECT code FROM order_promotions WHERE order_id = $1 ORDER BY id`, [
      records.key(ID_PREFIX.order, orderId),
    ]);
  const discountsOf = (view: Record<string, any>) => ({
    coupon_code: view.coupon_code,
    discount_total: view.discount_total,
    discounts: view.discounts.map((discount: Record<string, unknown>) => ({
      promotion_id: discount.promotion_id,
      code: discount.code,
      amount: discount.amount,
    })),
  });
  const tenOffTwoTees = () => ({
    coupon_code: 'save10',
    // 2 × 19.99 = 39.98; 10% = 3.998 → 4.00.
    discount_total: '-4.00',
    discounts: [{ promotion_id: promotions.save10, code: 'save10', amount: '-4.00' }],
  });

  /** A storefront checkout with `code` entered on the cart; answers the placed order. */
  const placeWithCode = async (code: string, quantity = 1): Promise<Record<string, any>> => {
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(tee.id, quantity)).status).toBe(201);
    expect((await cart.call('POST', `/carts/${cart.id}/discount_codes`, { code })).status).toBe(
      200,
    );
    expect((await cart.address()).status).toBe(200);
    expect((await cart.payByCard()).status).toBe(201);
    const completed = await cart.complete();
    expect({ status: completed.status, state: completed.body.state }).toEqual({
      status: 200,
      state: 'complete',
    });
    return completed.body;
  };

  describe('coupon codes on draft orders', () => {
    it('starts a draft with a code: the discount shows on the order', async () => {
      const draft = await createDraft({ coupon_code: ' Save10 ' });
      expect(discountsOf(draft)).toEqual(tenOffTwoTees());
      expect(discountsOf(await show(draft.id))).toEqual(tenOffTwoTees());
      expect(await storedCodes(draft.id)).toEqual([{ code: 'save10' }]);
    });

    it('starts a draft without a refused code, as Spree does', async () => {
      for (const code of ['NOPE', 'OLD10', ' ']) {
        const draft = await createDraft({ coupon_code: code });
        expect(discountsOf(draft)).toEqual({
          coupon_code: null,
          discount_total: '0.00',
          discounts: [],
        });
        expect(await storedCodes(draft.id)).toEqual([]);
      }
    });

    it('enters a code with PATCH; sending it again keeps it as it is', async () => {
      const draft = await createDraft({});
      expect(draft.coupon_code).toBeNull();
      const entered = await patch(draft.id, { coupon_code: 'SAVE10' });
      expect(entered.status).toBe(200);
      expect(discountsOf(entered.body)).toEqual(tenOffTwoTees());
      const again = await patch(draft.id, { coupon_code: 'save10', email: 'again@example.com' });
      expect(again.status).toBe(200);
      expect({ email: again.body.email, ...discountsOf(again.body) }).toEqual({
        email: 'again@example.com',
        ...tenOffTwoTees(),
      });
      expect(await storedCodes(draft.id)).toEqual([{ code: 'save10' }]);
    });

    it('refuses a bad code on PATCH with the reason on `code`, keeping nothing of the request', async () => {
      const draft = await createDraft({});
      const refusals: [unknown, string][] = [
        ['NOPE', 'does not exist'],
        ['OLD10', 'has expired'],
        ['  ', "can't be blank"],
      ];
      for (const [code, reason] of refusals) {
        const response = await patch(draft.id, { coupon_code: code, email: 'kept@example.com' });
        expect({ code, details: expectError(response, 422, 'validation_error') }).toEqual({
          code,
          details: { code: [reason] },
        });
      }
      expectError(await patch(draft.id, { coupon_code: 42 }), 422, 'validation_error');
      const shown = await show(draft.id);
      expect({ email: shown.email, ...discountsOf(shown) }).toEqual({
        email: 'draft@example.com',
        coupon_code: null,
        discount_total: '0.00',
        discounts: [],
      });
      expect(await storedCodes(draft.id)).toEqual([]);
    });

    it('takes codes off: one with DELETE, every one with `coupon_code: null`', async () => {
      const draft = await createDraft({ coupon_code: 'SAVE10' });
      expect((await patch(draft.id, { coupon_code: 'BOTH' })).status).toBe(200);
      expect((await storedCodes(draft.id)).map(({ code }) => code)).toEqual(['save10', 'both']);

      const removed = await admin.call('DELETE', `/orders/${draft.id}/coupon_codes/Save10`);
      expect(removed.status).toBe(200);
      expect(removed.body.coupon_code).toBe('both');
      expect(removed.body.discounts.map((d: { code: string }) => d.code)).toEqual(['both']);
      expectError(
        await admin.call('DELETE', `/orders/${draft.id}/coupon_codes/SAVE10`),
        404,
        'record_not_found',
      );

      expect((await patch(draft.id, { coupon_code: 'SAVE10' })).status).toBe(200);
      const cleared = await patch(draft.id, { coupon_code: null });
      expect(cleared.status).toBe(200);
      expect(discountsOf(cleared.body)).toEqual({
        coupon_code: null,
        discount_total: '0.00',
        discounts: [],
      });
      expect(await storedCodes(draft.id)).toEqual([]);
    });

    it('changes no code of a placed order: 422 cart_invalid_state', async () => {
      const order = await placeWithCode('SAVE10');
      expect((await show(order.id)).coupon_code).toBe('save10');
      for (const coupon_code of ['BOTH', null]) {
        expectError(await patch(order.id, { coupon_code }), 422, 'cart_invalid_state');
      }
      expectError(
        await admin.call('DELETE', `/orders/${order.id}/coupon_codes/SAVE10`),
        422,
        'cart_invalid_state',
      );
      expect(await storedCodes(order.id)).toEqual([{ code: 'save10' }]);
    });
  });

  describe('GET /orders/:id/discounts', () => {
    it('lists the promotion adjustments as Spree’s discount rows, a page at a time', async () => {
      // 2 × 19.99 = 39.98, 10% → 4.00 off the line; the 5.00 delivery free.
      const order = await placeWithCode('BOTH', 2);
      const [line] = order.items;
      const [fulfillment] = order.fulfillments;
      const response = await admin.call('GET', `/orders/${order.id}/discounts`);
      expect(response.status).toBe(200);
      const row = {
        id: expect.stringMatching(/^disc_/),
        label: 'Ten off and free shipping',
        kind: 'promotion',
        code: 'both',
        value_type: null,
        value: null,
        promotion_id: promotions.both,
        metadata: {},
        created_at: expect.any(String),
        updated_at: expect.any(String),
      };
      expect(response.body).toEqual({
        data: [
          {
            ...row,
            line_item_id: line.id,
            fulfillment_id: null,
            amount: '-4.00',
            display_amount: '-$4.00',
          },
          {
            ...row,
            line_item_id: null,
            fulfillment_id: fulfillment.id,
            amount: '-5.00',
            display_amount: '-$5.00',
          },
        ],
        meta: expect.objectContaining({ page: 1, limit: 25, count: 2, pages: 1 }),
      });

      const second = await admin.call('GET', `/orders/${order.id}/discounts?limit=1&page=2`);
      expect(second.status).toBe(200);
      expect(second.body.data).toEqual([response.body.data[1]]);
      expect(second.body.meta).toMatchObject({ page: 2, limit: 1, count: 2, pages: 2 });

      const draft = await createDraft({});
      expect((await admin.call('GET', `/orders/${draft.id}/discounts`)).body).toEqual({
        data: [],
        meta: expect.objectContaining({ count: 0 }),
      });
      expectError(
        await admin.call('GET', `/orders/${records.unknownId(ID_PREFIX.order)}/discounts`),
        404,
        'record_not_found',
      );
      await expectScopeRefusals(
        admin,
        { method: 'GET', path: `/orders/${order.id}/discounts` },
        'read_orders',
        ['read_products'],
      );
    });
  });

  describe('GET /promotions/:id/figures', () => {
    const figures = async () => {
      const response = await admin.call('GET', `/promotions/${promotions.figured}/figures`);
      expect(response.status).toBe(200);
      return response.body;
    };

    it('counts placed orders and what they were given; a canceled order gives its use back', async () => {
      expect(await figures()).toMatchObject({
        orders: 0,
        uses: 0,
        usage_count: 0,
        usage_limit: 10,
        discount_given: {},
        display_discount_given: {},
      });
      // A draft carrying the code is no use of it.
      await createDraft({ coupon_code: 'COUNT10' });
      // 19.99 × 10% = 1.999 → 2.00 each.
      const first = await placeWithCode('COUNT10');
      await placeWithCode('COUNT10');
      expect(await figures()).toEqual({
        promotion_id: promotions.figured,
        codes: 1,
        active_codes: 1,
        used_codes: 1,
        uses: 2,
        batches: 0,
        batches_generating: 0,
        orders: 2,
        usage_count: 2,
        usage_limit: 10,
        discount_given: { USD: '4.00' },
        display_discount_given: { USD: '$4.00' },
      });

      const canceled = await admin.call('PATCH', `/orders/${first.id}/cancel`, { json: {} });
      expect({ status: canceled.status, state: canceled.body.state }).toEqual({
        status: 200,
        state: 'canceled',
      });
      expect(await figures()).toMatchObject({
        uses: 1,
        orders: 1,
        usage_count: 1,
        discount_given: { USD: '2.00' },
        display_discount_given: { USD: '$2.00' },
      });
      const [stored] = await t.dataSource.query(
        `SELECT usage_count FROM promotions WHERE id = $1`,
        [records.key(ID_PREFIX.promotion, promotions.figured)],
      );
      expect(stored.usage_count).toBe(1);
    });
  });
});
