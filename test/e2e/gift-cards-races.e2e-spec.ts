import { jest } from '@jest/globals';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { PaymentGateway } from '../../src/modules/payments/index.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  type CheckoutRecords,
  type DemoVariant,
} from '../helpers/checkout-fixtures.js';
import { type AdminCaller, StoreCaller } from '../helpers/customers-fixtures.js';
import { raceShopForThisFile } from '../helpers/race-shop.js';
import type { TestApp } from '../helpers/test-app.js';

const RACE_TIMEOUT_MS = 180_000;

/**
 * Gift card balances under concurrent completions on real PostgreSQL: a card is spent by a
 * conditional update in the placing's transaction, so carts racing for its last balance cannot
 * all spend it; a loser is refused with 422 `cart_cannot_complete` naming the card, its card
 * authorization voided and nothing captured, the gift card taken off so that it pays the rest
 * another way. Demo mug 12.50, 2 per cart, US tax 8%, shipping 5.00: 32.00 a cart.
 */
describe('Gift cards under concurrent completions', () => {
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

  const TOTAL = '32.00';

  const issue = async (amount: string): Promise<{ id: string; code: string }> => {
    const response = await admin.call('POST', '/gift_cards', { json: { amount } });
    expect(response.status).toBe(201);
    return response.body;
  };

  /** A cart of two mugs paying `gift` of its total by gift card and the rest by card. */
  const readyCart = async (
    code: string,
    gift: string,
    customerToken?: string,
  ): Promise<CartClient> => {
    const cart = new CartClient(t, shop, customerToken);
    await cart.create();
    expect((await cart.addItem(mug.id, 2)).status).toBe(201);
    expect((await cart.address(undefined, 'racer@example.com')).status).toBe(200);
    const applied = await cart.call('POST', `/carts/${cart.id}/gift_cards`, { code });
    expect([applied.status, applied.body.total, applied.body.gift_card_total]).toEqual([
      200,
      TOTAL,
      gift,
    ]);
    expect((await cart.payByCard()).status).toBe(201);
    return cart;
  };

  const card = async (id: string) => {
    const [row] = await t.dataSource.query(
      `SELECT amount_used::numeric(20,2)::text AS amount_used, customer_id::text AS customer_id,
              (SELECT count(*)::int FROM gift_card_transactions x
               WHERE x.gift_card_id = g.id AND x.kind = 'used') AS uses
       FROM gift_cards g WHERE id = $1`,
      [records.key(ID_PREFIX.giftCard, id)],
    );
    return row as { amount_used: string; customer_id: string | null; uses: number };
  };

  /** A refused racer: nothing completed, the gift card off the cart, the card for the total. */
  const expectLoserUntouched = async (cart: CartClient) => {
    const view = (await cart.get()).body;
    expect([view.total, view.gift_card, view.gift_card_total]).toEqual([TOTAL, null, '0.00']);
    const payments = await records.paymentRows(cart.id);
    expect(payments.filter((payment) => payment.state === 'completed')).toEqual([]);
    expect(
      payments
        .filter((payment) => payment.state === 'checkout')
        .map((payment) => [payment.type, payment.amount]),
    ).toEqual([['test_card', TOTAL]]);
  };

  it(
    'five carts racing for the last 20.00 of one card: exactly one spends it, the others are refused with nothing charged and then pay by card',
    async () => {
      const giftCard = await issue('20.00');
      const carts: CartClient[] = [];
      for (let index = 0; index < 5; index += 1)
        carts.push(await readyCart(giftCard.code, '20.00'));
      const capture = jest.spyOn(gateway, 'capture');
      const voided = jest.spyOn(gateway, 'void');

      const answers = await Promise.all(carts.map((cart) => cart.complete()));

      const won = answers.filter((answer) => answer.status === 200);
      const lost = answers.filter((answer) => answer.status !== 200);
      expect(won.map((answer) => [answer.body.state, answer.body.gift_card_total])).toEqual([
        ['complete', '20.00'],
      ]);
      expect(won[0].body.gift_card).toMatchObject({ id: giftCard.id, amount_remaining: '0.00' });
      expect(lost.map((answer) => [answer.status, answer.body.error.code])).toEqual(
        Array.from({ length: 4 }, () => [422, 'cart_cannot_complete']),
      );
      expect(lost[0].body.error.details).toEqual({
        reason: ['gift_card_unavailable'],
        gift_card_id: [giftCard.id],
        gift_card: [`${giftCard.code} no longer has the balance it was to pay with`],
        total: [TOTAL],
      });
      // Only the winner's card was captured (the rest after the gift card); the others voided.
      expect(capture.mock.calls.map(([, amount]) => amount)).toEqual(['12.00']);
      expect(voided).toHaveBeenCalledTimes(4);
      expect(await card(giftCard.id)).toEqual({ amount_used: '20.00', customer_id: null, uses: 1 });

      const losers = carts.filter((_cart, index) => answers[index].status !== 200);
      for (const cart of losers) await expectLoserUntouched(cart);
      const retried = await Promise.all(losers.map((cart) => cart.complete()));
      expect(retried.map((answer) => [answer.status, answer.body.payment_state])).toEqual(
        Array.from({ length: 4 }, () => [200, 'paid']),
      );
      expect(await card(giftCard.id)).toMatchObject({ amount_used: '20.00', uses: 1 });
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'one card applied to two carts of one customer, completed at once, pays for one of them',
    async () => {
      const customer = await new StoreCaller(t, shop).register();
      const giftCard = await issue('30.00');
      const first = await readyCart(giftCard.code, '30.00', customer.token);
      const second = await readyCart(giftCard.code, '30.00', customer.token);
      expect(first.id).not.toBe(second.id);

      const answers = await Promise.all([first.complete(), second.complete()]);

      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
      const loser = answers[0].status === 200 ? second : first;
      const refused = answers.find((answer) => answer.status === 422)!;
      expect(refused.body.error).toMatchObject({
        code: 'cart_cannot_complete',
        details: { gift_card_id: [giftCard.id] },
      });
      expect(await card(giftCard.id)).toEqual({
        amount_used: '30.00',
        customer_id: records.key(ID_PREFIX.customer, customer.id),
        uses: 1,
      });
      await expectLoserUntouched(loser);
      // The card is spent: applying it again is refused, and the cart completes by card.
      const again = await loser.call('POST', `/carts/${loser.id}/gift_cards`, {
        code: giftCard.code,
      });
      expect([again.status, again.body.error.details]).toEqual([
        422,
        { code: ['has no balance left'] },
      ]);
      const completed = await loser.complete();
      expect([completed.status, completed.body.total, completed.body.gift_card_total]).toEqual([
        200,
        TOTAL,
        '0.00',
      ]);
    },
    RACE_TIMEOUT_MS,
  );
});
