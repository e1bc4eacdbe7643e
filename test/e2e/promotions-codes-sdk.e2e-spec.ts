import type { Cart, Client, CreatePaymentParams } from '@spree/sdk';
import { CartSchema, OrderSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller } from '../helpers/customers-fixtures.js';
import { createSpreeSdkClient, schemaRecorder } from '../helpers/spree-sdk-client.js';
import { CLIENT_US_ADDRESS, rejection } from '../helpers/spree-sdk-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { eventually, startWebhookShop, type WebhookShop } from '../helpers/webhook-admin.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Discount codes through the unmodified `@spree/sdk` (headers renamed only, every response parsed
 * by the client's zod schemas): a demo shop (tee 19.99, US sales tax 8% on items, Standard
 * shipping 5.00) whose codes are entered, refused, kept until the cart qualifies, removed, and
 * read on the placed order and its `order.completed` webhook.
 */
describe('Discount codes through @spree/sdk', () => {
  let webhookShop: WebhookShop;
  let t: TestApp;
  let shop: DemoCredentials;
  let client: Client;
  let recorder: ReturnType<typeof schemaRecorder>;
  let admin: AdminCaller;
  let records: CheckoutRecords;
  let tee: DemoVariant;
  const promotions: Record<string, string> = {};

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
  const tenPercent = [{ type: 'order_percent', preferences: { percent: '10' } }];

  beforeAll(async () => {
    webhookShop = await startWebhookShop();
    ({ t, shop } = webhookShop);
    admin = new AdminCaller(t, shop);
    records = new CheckoutRecords(t);
    recorder = schemaRecorder();
    client = createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
    });
    [tee] = await demoVariants(t, shop);
    expect(tee.price).toBe('19.99');
    await webhookShop.webhooks.create({
      url: webhookShop.receiver.url('/orders'),
      subscriptions: ['order.completed'],
    });
    const past = new Date(Date.now() - DAY_MS).toISOString();
    const future = new Date(Date.now() + DAY_MS).toISOString();
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
      starts_at: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      expires_at: past,
      actions: tenPercent,
    });
    promotions.soon = await createPromotion({
      name: 'Not yet',
      code: 'SOON10',
      starts_at: future,
      actions: tenPercent,
    });
    promotions.archived = await createPromotion({
      name: 'Archived',
      code: 'ARCH10',
      status: 'archived',
      actions: tenPercent,
    });
    promotions.draft = await createPromotion({
      name: 'Draft',
      code: 'DRAFT10',
      status: 'draft',
      actions: tenPercent,
    });
    promotions.once = await createPromotion({
      name: 'Used up',
      code: 'ONCE10',
      usage_limit: 1,
      actions: tenPercent,
    });
    await t.dataSource.query(`UPDATE promotions SET usage_count = 1 WHERE id = $1`, [
      records.key(ID_PREFIX.promotion, promotions.once),
    ]);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => webhookShop.close());
  afterEach(() => expect(recorder.problems).toEqual([]));

  /** A guest cart holding `quantity` tees, addressed in the US. */
  async function filledCart(quantity: number): Promise<{ cart: Cart; spreeToken: string }> {
    const created = await client.carts.create();
    const spreeToken = created.token!;
    await client.carts.items.create(created.id, { variant_id: tee.id, quantity }, { spreeToken });
    const cart = await client.carts.update(
      created.id,
      {
        email: 'codes@example.com',
        billing_address: CLIENT_US_ADDRESS,
        shipping_address: CLIENT_US_ADDRESS,
      },
      { spreeToken },
    );
    return { cart, spreeToken };
  }

  /** The codes stored on a cart. */
  async function storedCodes(cartId: string): Promise<string[]> {
    const rows: { code: string }[] = await t.dataSource.query(
      `SELECT code FROM order_promotions WHERE order_id = $1 ORDER BY id`,
      [records.orderKey(cartId)],
    );
    return rows.map((row) => row.code);
  }

  it('applies a code entered in any case, discounts the cart and its lines, and keeps it on the placed order and its webhook', async () => {
    const { cart, spreeToken } = await filledCart(3);
    expect(cart).toMatchObject({ item_total: '59.97', discount_total: '0.00', discounts: [] });

    const discounted = CartSchema.parse(
      await client.carts.discountCodes.apply(cart.id, '  save10 ', { spreeToken }),
    );
    // 10% of 59.97 = 5.997 → 6.00 off; tax 8% of 53.97 = 4.3176 → 4.32; shipping 5.00.
    expect(discounted).toMatchObject({
      item_total: '59.97',
      discount_total: '-6.00',
      tax_total: '4.32',
      delivery_total: '5.00',
      total: '63.29',
      warnings: [],
      discounts: [
        {
          id: promotions.save10,
          promotion_id: promotions.save10,
          name: 'Ten off',
          description: '10% off the whole order',
          code: 'save10',
          amount: '-6.00',
          display_amount: '-$6.00',
        },
      ],
    });
    expect(discounted.items.map((line) => [line.discount_total, line.discounted_amount])).toEqual([
      ['-6.00', '53.97'],
    ]);
    expect(await storedCodes(cart.id)).toEqual(['save10']);

    const method = cart.payment_methods.find((candidate) => candidate.type === 'check')!;
    await client.carts.payments.create(
      cart.id,
      { payment_method_id: method.id } as CreatePaymentParams,
      { spreeToken },
    );
    const order = OrderSchema.parse(await client.carts.complete(cart.id, { spreeToken }));
    expect(order).toMatchObject({
      total: '63.29',
      discount_total: '-6.00',
      discounts: [{ promotion_id: promotions.save10, code: 'save10', amount: '-6.00' }],
    });
    const [usage] = await t.dataSource.query(
      `SELECT p.usage_count, c.usage_count AS code_uses,
              (SELECT count(*)::int FROM promotion_uses u WHERE u.order_id = $2) AS order_uses
       FROM promotions p JOIN coupon_codes c ON c.promotion_id = p.id WHERE p.id = $1`,
      [records.key(ID_PREFIX.promotion, promotions.save10), records.orderKey(order.id)],
    );
    expect(usage).toEqual({ usage_count: 1, code_uses: 1, order_uses: 1 });

    let completed: Record<string, any> | undefined;
    await eventually(() => {
      completed = webhookShop.receiver.received
        .map((request) => JSON.parse(request.body))
        .find((envelope) => envelope.data?.id === order.id);
      return completed !== undefined;
    }, 20_000);
    expect(completed!.name).toBe('order.completed');
    expect(completed!.data).toMatchObject({
      discount_total: '-6.00',
      discounts: [{ promotion_id: promotions.save10, code: 'save10', amount: '-6.00' }],
    });
  });

  it('removes a code, and answers 404 for a code the cart does not carry', async () => {
    const { cart, spreeToken } = await filledCart(1);
    await client.carts.discountCodes.apply(cart.id, 'SAVE10', { spreeToken });
    const removed = CartSchema.parse(
      await client.carts.discountCodes.remove(cart.id, 'SAVE10', { spreeToken }),
    );
    expect(removed).toMatchObject({ discount_total: '0.00', discounts: [], item_total: '19.99' });
    expect(await storedCodes(cart.id)).toEqual([]);

    const error = await rejection(
      client.carts.discountCodes.remove(cart.id, 'SAVE10', { spreeToken }),
    );
    expect({ status: error.status, code: error.code }).toEqual({
      status: 404,
      code: 'record_not_found',
    });
  });

  it.each([
    ['an unknown code', 'NOPE', 'does not exist'],
    ['a draft promotion’s code', 'DRAFT10', 'does not exist'],
    ['an expired code', 'old10', 'has expired'],
    ['a code not started yet', 'SOON10', 'is not active yet'],
    ['an archived promotion’s code', 'ARCH10', 'is no longer active'],
    ['a used-up code', 'ONCE10', 'has reached its usage limit'],
  ])('refuses %s with 422 saying why, and stores nothing', async (_case, code, reason) => {
    const { cart, spreeToken } = await filledCart(1);
    const error = await rejection(client.carts.discountCodes.apply(cart.id, code, { spreeToken }));
    expect({ status: error.status, code: error.code, details: error.details }).toEqual({
      status: 422,
      code: 'validation_error',
      details: { code: [reason] },
    });
    expect(await storedCodes(cart.id)).toEqual([]);
  });

  it('refuses a code already on the cart', async () => {
    const { cart, spreeToken } = await filledCart(1);
    await client.carts.discountCodes.apply(cart.id, 'SAVE10', { spreeToken });
    const error = await rejection(
      client.carts.discountCodes.apply(cart.id, 'save10', { spreeToken }),
    );
    expect({ status: error.status, details: error.details }).toEqual({
      status: 422,
      details: { code: ['has already been applied'] },
    });
    expect(await storedCodes(cart.id)).toEqual(['save10']);
  });

  it('keeps a code the cart does not qualify for yet, warns of it, and applies it once the cart qualifies', async () => {
    const { cart, spreeToken } = await filledCart(1);
    const waiting = CartSchema.parse(
      await client.carts.discountCodes.apply(cart.id, 'BIG5', { spreeToken }),
    );
    expect(waiting).toMatchObject({ discount_total: '0.00', discounts: [] });
    expect(waiting.warnings).toEqual([
      {
        code: 'discount_code_not_applied',
        message: 'The code "big5" does not apply to this cart',
        discount_code: 'big5',
        promotion_id: promotions.big5,
        reason: null,
      },
    ]);
    expect(await storedCodes(cart.id)).toEqual(['big5']);

    const [line] = waiting.items;
    const qualified = CartSchema.parse(
      await client.carts.items.update(cart.id, line.id, { quantity: 3 }, { spreeToken }),
    );
    expect(qualified).toMatchObject({
      item_total: '59.97',
      discount_total: '-5.00',
      warnings: [],
      discounts: [{ promotion_id: promotions.big5, code: 'big5', amount: '-5.00' }],
    });

    const dropped = CartSchema.parse(
      await client.carts.items.update(cart.id, line.id, { quantity: 2 }, { spreeToken }),
    );
    expect(dropped).toMatchObject({ discount_total: '0.00', discounts: [] });
    expect(dropped.warnings).toEqual([expect.objectContaining({ discount_code: 'big5' })]);
  });

  it('shows an automatic promotion appearing and disappearing as the cart crosses its threshold', async () => {
    const automatic = await createPromotion({
      kind: 'automatic',
      name: 'Free shipping over 50',
      rules: [{ type: 'item_total', preferences: { amount_min: { USD: '50.00' } } }],
      actions: [{ type: 'free_shipping' }],
    });
    try {
      const { cart, spreeToken } = await filledCart(2);
      expect(cart).toMatchObject({ delivery_total: '5.00', discounts: [] });
      const [line] = cart.items;
      const over = CartSchema.parse(
        await client.carts.items.update(cart.id, line.id, { quantity: 3 }, { spreeToken }),
      );
      expect(over).toMatchObject({
        discount_total: '-5.00',
        discounts: [{ promotion_id: automatic, code: null, amount: '-5.00' }],
      });
      expect(over.fulfillments.map((fulfillment) => fulfillment.discount_total)).toEqual(['-5.00']);
      const under = CartSchema.parse(
        await client.carts.items.update(cart.id, line.id, { quantity: 2 }, { spreeToken }),
      );
      expect(under).toMatchObject({ discount_total: '0.00', discounts: [] });
      expect(under.warnings).toEqual([
        {
          code: 'promotion_no_longer_applies',
          message: 'The promotion "Free shipping over 50" no longer applies to this cart',
          promotion_id: automatic,
        },
      ]);
      // The warning answers the change that dropped it; the cart read later has none.
      expect(CartSchema.parse(await client.carts.get(cart.id, { spreeToken })).warnings).toEqual(
        [],
      );
    } finally {
      expect((await admin.call('DELETE', `/promotions/${automatic}`)).status).toBe(204);
    }
  });
});
