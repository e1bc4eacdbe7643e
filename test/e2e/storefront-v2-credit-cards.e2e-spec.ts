import { CARDS } from '../helpers/checkout-fixtures.js';
import { CLIENT_US_ADDRESS } from '../helpers/spree-sdk-fixtures.js';
import {
  refused,
  registeredCustomerToken,
  succeeded,
  v2ShopForThisFile,
} from '../helpers/storefront-v2-client.js';

// Saved cards through the official v2 client, over the same cards as the v3 Store API.
describe('Storefront v2: account credit cards', () => {
  const ctx = v2ShopForThisFile();

  async function cartAtPayment(token: string) {
    const created = await ctx.client.carts.create(
      { items: [{ variant_id: ctx.tees[0].id, quantity: 1 }] },
      { token },
    );
    return ctx.client.carts.update(
      created.id,
      { shipping_address: CLIENT_US_ADDRESS, use_shipping: true },
      { token },
    );
  }

  /** Saves the approved test card through a v3 setup session; answers its `card_…` id. */
  async function saveCard(token: string, name: string): Promise<string> {
    const cart = await cartAtPayment(token);
    const method = cart.payment_methods.find((entry) => entry.type === 'test_card')!;
    const session = await ctx.client.customer.paymentSetupSessions.create(
      { payment_method_id: method.id, external_data: { card: { ...CARDS.approved, name } } },
      { token },
    );
    const completed = await ctx.client.customer.paymentSetupSessions.complete(
      session.id,
      {},
      { token },
    );
    return completed.payment_source_id!;
  }

  it('lists the cards (the default first) with their payment method, and the default one', async () => {
    const bearer_token = await registeredCustomerToken(ctx, 'v2-cards');
    const empty = await succeeded(ctx.v2.account.creditCardsList({ bearer_token }));
    expect(empty).toMatchObject({ data: [], meta: { count: 0, total_count: 0 } });
    expect(await succeeded(ctx.v2.account.defaultCreditCard({ bearer_token }))).toEqual({
      data: null,
    });

    const first = await saveCard(bearer_token, 'Ada');
    const second = await saveCard(bearer_token, 'Ada L');
    const [card] = await ctx.t.dataSource.query(
      `SELECT gateway_payment_profile_id, payment_method_id::text AS method FROM credit_cards
       WHERE id = $1`,
      [ctx.records.key('card', first)],
    );
    const list = await succeeded(
      ctx.v2.account.creditCardsList({ bearer_token, include: 'payment_method' }),
    );
    expect(list.data).toEqual([
      {
        id: first,
        type: 'credit_card',
        attributes: {
          cc_type: 'visa',
          last_digits: '4242',
          month: 12,
          year: 2099,
          name: 'Ada',
          default: true,
          gateway_payment_profile_id: card.gateway_payment_profile_id,
        },
        relationships: {
          payment_method: { data: { type: 'payment_method', id: expect.stringMatching(/^pm_/) } },
        },
      },
      expect.objectContaining({
        id: second,
        attributes: expect.objectContaining({ name: 'Ada L', default: false }),
      }),
    ]);
    expect(list.included).toEqual([
      expect.objectContaining({
        type: 'payment_method',
        attributes: expect.objectContaining({ method_type: 'test_card' }),
      }),
    ]);
    expect(list.meta).toMatchObject({ count: 2, total_count: 2, total_pages: 1 });

    const byDefault = await succeeded(ctx.v2.account.defaultCreditCard({ bearer_token }));
    expect(byDefault.data).toMatchObject({ id: first, attributes: { default: true } });
  });

  it('removes a card unless an open cart’s payment uses it; another customer’s card is not found', async () => {
    const bearer_token = await registeredCustomerToken(ctx, 'v2-cards-remove');
    const stranger = await registeredCustomerToken(ctx, 'v2-cards-stranger');
    const first = await saveCard(bearer_token, 'Grace');
    const second = await saveCard(bearer_token, 'Grace H');

    const cart = await cartAtPayment(bearer_token);
    const method = cart.payment_methods.find((entry) => entry.type === 'test_card')!;
    await ctx.client.carts.paymentSessions.create(
      cart.id,
      { payment_method_id: method.id, external_data: { credit_card_id: first } },
      { token: bearer_token },
    );
    const inUse = await refused(ctx.v2.account.removeCreditCard({ bearer_token, id: first }));
    expect(inUse).toEqual({
      status: 422,
      body: {
        error: expect.objectContaining({
          code: 'validation_error',
          message: 'The card pays an unfinished checkout',
        }),
      },
    });

    const foreign = await refused(
      ctx.v2.account.removeCreditCard({ bearer_token: stranger, id: second }),
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('record_not_found');
    const anonymous = await refused(ctx.v2.account.creditCardsList({} as never));
    expect(anonymous.status).toBe(401);

    await succeeded(ctx.v2.account.removeCreditCard({ bearer_token, id: second }));
    const left = await succeeded(ctx.v2.account.creditCardsList({ bearer_token }));
    expect(left.data.map((node) => node.id)).toEqual([first]);
    const [{ n }] = await ctx.t.dataSource.query(
      `SELECT count(*)::int AS n FROM credit_cards WHERE id = $1`,
      [ctx.records.key('card', second)],
    );
    expect(n).toBe(0);
  });
});
