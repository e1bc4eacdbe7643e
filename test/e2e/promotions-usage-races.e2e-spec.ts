import { jest } from '@jest/globals';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { PaymentGateway } from '../../src/modules/payments/index.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  type CheckoutRecords,
  type DemoVariant,
} from '../helpers/checkout-fixtures.js';
import type { AdminCaller } from '../helpers/customers-fixtures.js';
import { raceShopForThisFile } from '../helpers/race-shop.js';
import type { TestApp } from '../helpers/test-app.js';

const RACE_TIMEOUT_MS = 180_000;

/**
 * Promotion limits under concurrent completions on real PostgreSQL: uses are counted when an
 * order is placed, so a limit holds however many carts race for its last uses; a cart that loses
 * its discount is refused with 422 `cart_cannot_complete`, its card voided, and completes at the
 * full price next; a canceled order gives its use back. Demo mug 12.50, 2 per cart, US tax 8%,
 * shipping 5.00.
 */
describe('Promotion usage limits under concurrent completions', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let records: CheckoutRecords;
  let mug: DemoVariant;
  let gateway: PaymentGateway;

  const race = raceShopForThisFile();
  beforeAll(() => {
    ({ t, shop, admin, records, mug, gateway } = race);
  });

  const createCodePromotion = async (json: Record<string, unknown>): Promise<string> => {
    const response = await admin.call('POST', '/promotions', {
      json: {
        kind: 'coupon_code',
        actions: [{ type: 'order_percent', preferences: { percent: '10' } }],
        ...json,
      },
    });
    expect(response.status).toBe(201);
    return response.body.id;
  };

  /** A card-paid cart of two mugs with `code` entered, at confirm. */
  const readyCart = async (code: string, email = 'racer@example.com'): Promise<CartClient> => {
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(mug.id, 2)).status).toBe(201);
    expect((await cart.address(undefined, email)).status).toBe(200);
    const applied = await cart.call('POST', `/carts/${cart.id}/discount_codes`, { code });
    expect({ status: applied.status, discount: applied.body.discount_total }).toEqual({
      status: 200,
      discount: '-2.50',
    });
    expect((await cart.payByCard()).status).toBe(201);
    return cart;
  };

  const usage = async (promotionId: string) => {
    const [row] = await t.dataSource.query(
      `SELECT p.usage_count,
              (SELECT count(*)::int FROM promotion_uses u
               WHERE u.promotion_id = p.id AND u.given_back_at IS NULL) AS live_uses,
              (SELECT count(DISTINCT a.order_id)::int FROM adjustments a
               JOIN orders o ON o.id = a.order_id AND o.completed_at IS NOT NULL
               WHERE a.source_type = 'promotion' AND a.source_id = p.id) AS discounted_orders
       FROM promotions p WHERE p.id = $1`,
      [records.key(ID_PREFIX.promotion, promotionId)],
    );
    return row as { usage_count: number; live_uses: number; discounted_orders: number };
  };

  // 2 × 12.50 = 25.00; 10% off = 2.50; tax 8% of 22.50 = 1.80; + 5.00.
  const DISCOUNTED_TOTAL = '29.30';
  // Tax 8% of 25.00 = 2.00; + 5.00.
  const FULL_TOTAL = '32.00';

  it(
    'a code limited to 10 uses raced by 50 completions discounts exactly 10 orders; the 40 others are refused with nothing charged and then complete at full price',
    async () => {
      const promotion = await createCodePromotion({
        name: 'First ten',
        code: 'FIRST10',
        usage_limit: 10,
      });
      const carts: CartClient[] = [];
      for (let index = 0; index < 50; index += 1) carts.push(await readyCart('first10'));
      const capture = jest.spyOn(gateway, 'capture');
      const voided = jest.spyOn(gateway, 'void');

      const answers = await Promise.all(carts.map((cart) => cart.complete()));

      const won = answers.filter((answer) => answer.status === 200);
      const lost = answers.filter((answer) => answer.status !== 200);
      expect(won.map((answer) => [answer.body.state, answer.body.total])).toEqual(
        Array.from({ length: 10 }, () => ['complete', DISCOUNTED_TOTAL]),
      );
      expect(lost.map((answer) => [answer.status, answer.body.error.code])).toEqual(
        Array.from({ length: 40 }, () => [422, 'cart_cannot_complete']),
      );
      expect(lost[0].body.error.details).toEqual({
        reason: 'discount_unavailable',
        total: FULL_TOTAL,
        discounts: [
          {
            promotion_id: promotion,
            name: 'First ten',
            code: 'first10',
            reason: 'has reached its usage limit',
          },
        ],
      });
      expect(capture.mock.calls.map(([, amount]) => amount)).toEqual(
        Array.from({ length: 10 }, () => DISCOUNTED_TOTAL),
      );
      expect(voided).toHaveBeenCalledTimes(40);
      expect(await usage(promotion)).toEqual({
        usage_count: 10,
        live_uses: 10,
        discounted_orders: 10,
      });

      // The losers: recalculated without the discount, nothing captured, and they complete.
      const losers = carts.filter((_cart, index) => answers[index].status !== 200);
      for (const cart of losers) {
        const view = (await cart.get()).body;
        expect([view.total, view.discount_total, view.discounts]).toEqual([FULL_TOTAL, '0.00', []]);
        const payments = await records.paymentRows(cart.id);
        expect(payments.filter((payment) => payment.state === 'completed')).toEqual([]);
      }
      const retried = await Promise.all(losers.map((cart) => cart.complete()));
      expect(retried.map((answer) => [answer.status, answer.body.total])).toEqual(
        Array.from({ length: 40 }, () => [200, FULL_TOTAL]),
      );
      expect(await usage(promotion)).toMatchObject({ usage_count: 10, discounted_orders: 10 });
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'a per-customer limit of 1 raced by 5 carts of one shopper discounts exactly one of them',
    async () => {
      const promotion = await createCodePromotion({
        name: 'Once each',
        code: 'ONCEEACH',
        per_customer_limit: 1,
      });
      const carts: CartClient[] = [];
      for (let index = 0; index < 5; index += 1) {
        carts.push(await readyCart('ONCEEACH', 'Same.Shopper@example.com'));
      }
      const answers = await Promise.all(carts.map((cart) => cart.complete()));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422, 422]);
      expect(
        answers
          .filter((answer) => answer.status === 422)
          .map((answer) => answer.body.error.details.discounts[0].reason),
      ).toEqual(Array.from({ length: 4 }, () => 'has reached its usage limit for this customer'));
      expect(await usage(promotion)).toEqual({
        usage_count: 1,
        live_uses: 1,
        discounted_orders: 1,
      });
      // Another shopper still gets it; the same one, in any case of the address, does not.
      const other = await readyCart('ONCEEACH', 'other.shopper@example.com');
      expect((await other.complete()).body.total).toBe(DISCOUNTED_TOTAL);
      const again = new CartClient(t, shop);
      await again.create();
      await again.addItem(mug.id, 2);
      await again.address(undefined, 'same.shopper@EXAMPLE.com');
      const refused = await again.call('POST', `/carts/${again.id}/discount_codes`, {
        code: 'onceeach',
      });
      expect([refused.status, refused.body.error.details]).toEqual([
        422,
        { code: ['has reached its usage limit for this customer'] },
      ]);
    },
    RACE_TIMEOUT_MS,
  );

  it('gives a use back when the order that took it is canceled', async () => {
    const promotion = await createCodePromotion({
      name: 'Only one',
      code: 'ONLYONE',
      usage_limit: 1,
    });
    const cart = await readyCart('ONLYONE');
    const placed = await cart.complete();
    expect([placed.status, placed.body.total]).toEqual([200, DISCOUNTED_TOTAL]);
    expect(await usage(promotion)).toMatchObject({ usage_count: 1, live_uses: 1 });

    const next = new CartClient(t, shop);
    await next.create();
    await next.addItem(mug.id, 2);
    const usedUp = await next.call('POST', `/carts/${next.id}/discount_codes`, {
      code: 'ONLYONE',
    });
    expect([usedUp.status, usedUp.body.error.details]).toEqual([
      422,
      { code: ['has reached its usage limit'] },
    ]);

    const canceled = await admin.call('PATCH', `/orders/${placed.body.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(await usage(promotion)).toMatchObject({ usage_count: 0, live_uses: 0 });
    const [given] = await t.dataSource.query(
      `SELECT given_back_at IS NOT NULL AS given_back FROM promotion_uses WHERE order_id = $1`,
      [records.orderKey(placed.body.id)],
    );
    expect(given).toEqual({ given_back: true });

    const applied = await next.call('POST', `/carts/${next.id}/discount_codes`, {
      code: 'ONLYONE',
    });
    expect([applied.status, applied.body.discount_total]).toEqual([200, '-2.50']);
  });
});
