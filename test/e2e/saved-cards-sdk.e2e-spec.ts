import type { Client } from '@spree/sdk';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { CARDS, type CheckoutRecords, type DemoVariant } from '../helpers/checkout-fixtures.js';
import { uniqueEmail } from '../helpers/customers-fixtures.js';
import { CLIENT_US_ADDRESS, rejection, sdkShopForThisFile } from '../helpers/spree-sdk-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

const PASSWORD = 'correct horse battery';
const TOKEN_PATTERN = /^test_card_approve\.[0-9a-f]{24}$/;

describe('Saved cards through @spree/sdk: setup sessions, paying with a saved card, deleting', () => {
  let t: TestApp;
  let records: CheckoutRecords;
  let client: Client;
  let tees: DemoVariant[];

  const sdk = sdkShopForThisFile();
  beforeAll(() => {
    ({ t, records, client, tees } = sdk);
  });

  async function signUp(label: string): Promise<{ token: string; customerId: string }> {
    const auth = await client.customers.create({
      email: uniqueEmail(label),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    return { token: auth.token, customerId: auth.user.id };
  }

  async function cardMethodId(token: string): Promise<string> {
    const cart = await cartAtPayment(token);
    return cart.payment_methods.find((method) => method.type === 'test_card')!.id;
  }

  async function cartAtPayment(token: string) {
    const created = await client.carts.create(
      { items: [{ variant_id: tees[0].id, quantity: 1 }] },
      { token },
    );
    const cart = await client.carts.update(
      created.id,
      { shipping_address: CLIENT_US_ADDRESS, use_shipping: true },
      { token },
    );
    expect(cart.current_step).toBe('payment');
    return cart;
  }

  /** Saves the approved test card through a setup session; answers the completed session. */
  async function saveCard(token: string, name = 'Grace Hopper') {
    const methodId = await cardMethodId(token);
    const session = await client.customer.paymentSetupSessions.create(
      { payment_method_id: methodId, external_data: { card: { ...CARDS.approved, name } } },
      { token },
    );
    return client.customer.paymentSetupSessions.complete(session.id, {}, { token });
  }

  function storedCards(customerId: string) {
    return t.dataSource.query(
      `SELECT cc_type, last_digits, month, year, name, "default", gateway_payment_profile_id,
              c::text AS row
       FROM credit_cards c WHERE customer_id = $1 ORDER BY id`,
      [records.key(ID_PREFIX.customer, customerId)],
    );
  }

  it('a setup session saves a card without paying: shown, listed and kept without its number', async () => {
    const { token, customerId } = await signUp('setup');
    const methodId = await cardMethodId(token);

    const opened = await client.customer.paymentSetupSessions.create(
      { payment_method_id: methodId, external_data: { card: { ...CARDS.approved, name: 'Ada' } } },
      { token },
    );
    expect(opened).toMatchObject({
      status: 'pending',
      external_data: {},
      payment_method_id: methodId,
      payment_source_id: null,
      payment_source_type: null,
      customer_id: customerId,
      payment_method: { id: methodId, type: 'test_card' },
    });
    expect(opened.id).toMatch(/^pss_/);
    expect(await client.customer.paymentSetupSessions.get(opened.id, { token })).toEqual(opened);
    expect(await storedCards(customerId)).toEqual([]);

    const completed = await client.customer.paymentSetupSessions.complete(
      opened.id,
      { external_data: { return_url: 'https://shop.example/cards' } },
      { token },
    );
    expect(completed).toMatchObject({
      status: 'completed',
      external_data: { return_url: 'https://shop.example/cards' },
      payment_source_type: 'CreditCard',
    });
    expect(completed.payment_source_id).toMatch(/^card_/);
    // Completing again answers the session unchanged and saves nothing more.
    expect(await client.customer.paymentSetupSessions.complete(opened.id, {}, { token })).toEqual(
      completed,
    );

    const stored = await storedCards(customerId);
    expect(stored).toMatchObject([
      { cc_type: 'visa', last_digits: '4242', month: 12, year: 2099, name: 'Ada', default: true },
    ]);
    expect(stored[0].gateway_payment_profile_id).toMatch(TOKEN_PATTERN);
    expect(stored[0].row).not.toContain('4242424242424242');
    expect(stored[0].row).not.toContain('"123"');
    const [session] = await t.dataSource.query(
      `SELECT s::text AS row FROM payment_setup_sessions s WHERE id = $1`,
      [records.key(ID_PREFIX.paymentSetupSession, opened.id)],
    );
    expect(session.row).not.toContain('4242424242424242');

    const card = {
      id: completed.payment_source_id,
      brand: 'visa',
      last4: '4242',
      month: 12,
      year: 2099,
      name: 'Ada',
      default: true,
      gateway_payment_profile_id: stored[0].gateway_payment_profile_id,
    };
    expect(await client.customer.creditCards.get(card.id!, { token })).toEqual(card);
    const second = await saveCard(token, 'Ada L');
    const list = await client.customer.creditCards.list({}, { token });
    expect(list.data.map(({ id, default: isDefault }) => ({ id, isDefault }))).toEqual([
      { id: card.id, isDefault: true },
      { id: second.payment_source_id, isDefault: false },
    ]);
    expect(list.meta).toMatchObject({ page: 1, count: 2 });
  });

  it('two cards saved at once make exactly one of them the default', async () => {
    const { token, customerId } = await signUp('setup-race');
    const methodId = await cardMethodId(token);
    const sessions = await Promise.all(
      ['One', 'Two', 'Three'].map((name) =>
        client.customer.paymentSetupSessions.create(
          { payment_method_id: methodId, external_data: { card: { ...CARDS.approved, name } } },
          { token },
        ),
      ),
    );
    const completed = await Promise.all(
      sessions.map((session) =>
        client.customer.paymentSetupSessions.complete(session.id, {}, { token }),
      ),
    );
    expect(completed.map((session) => session.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    const stored = await storedCards(customerId);
    expect(stored).toHaveLength(3);
    expect(stored.filter((card: { default: boolean }) => card.default)).toHaveLength(1);
  });

  it('refuses a bad card, a missing card, a method that keeps no cards and guests', async () => {
    const { token, customerId } = await signUp('setup-refused');
    const cart = await cartAtPayment(token);
    const cardMethod = cart.payment_methods.find((method) => method.type === 'test_card')!;
    const check = cart.payment_methods.find((method) => method.type === 'check')!;

    const badCard = await rejection(
      client.customer.paymentSetupSessions.create(
        {
          payment_method_id: cardMethod.id,
          external_data: { card: { ...CARDS.approved, number: '4242424242424241' } },
        },
        { token },
      ),
    );
    expect({ status: badCard.status, code: badCard.code, details: badCard.details }).toEqual({
      status: 422,
      code: 'validation_error',
      details: { 'external_data.card.number': ['number must be a valid card number'] },
    });

    const byCheck = await rejection(
      client.customer.paymentSetupSessions.create({ payment_method_id: check.id }, { token }),
    );
    expect({ status: byCheck.status, details: byCheck.details }).toEqual({
      status: 422,
      details: { payment_method_id: ['check payment methods keep no cards'] },
    });

    const unknownMethod = await rejection(
      client.customer.paymentSetupSessions.create({ payment_method_id: 'pm_nope' }, { token }),
    );
    expect({ status: unknownMethod.status, code: unknownMethod.code }).toEqual({
      status: 404,
      code: 'record_not_found',
    });

    const empty = await client.customer.paymentSetupSessions.create(
      { payment_method_id: cardMethod.id },
      { token },
    );
    const noCard = await rejection(
      client.customer.paymentSetupSessions.complete(empty.id, {}, { token }),
    );
    expect({ status: noCard.status, details: noCard.details }).toEqual({
      status: 422,
      details: { 'external_data.card': ['the card is required to complete the session'] },
    });
    expect(await client.customer.paymentSetupSessions.get(empty.id, { token })).toMatchObject({
      status: 'pending',
    });

    const guest = await rejection(
      client.customer.paymentSetupSessions.create({ payment_method_id: cardMethod.id }),
    );
    expect(guest.status).toBe(401);
    expect(await storedCards(customerId)).toEqual([]);
  });

  it('a saved card pays a later checkout through a payment session', async () => {
    const { token, customerId } = await signUp('pay-saved');
    const saved = await saveCard(token);
    const cart = await cartAtPayment(token);
    const method = cart.payment_methods.find((entry) => entry.type === 'test_card')!;

    const session = await client.carts.paymentSessions.create(
      cart.id,
      { payment_method_id: method.id, external_data: { credit_card_id: saved.payment_source_id } },
      { token },
    );
    const completed = await client.carts.paymentSessions.complete(
      cart.id,
      session.id,
      {},
      { token },
    );
    expect(completed.status).toBe('completed');
    const [card] = await storedCards(customerId);
    expect(completed.payment).toMatchObject({
      status: 'completed',
      amount: cart.total,
      source: { brand: 'visa', last_digits: '4242', name: 'Grace Hopper' },
    });

    const order = await client.carts.complete(cart.id, { token });
    expect(order).toMatchObject({ state: 'complete', payment_status: 'paid' });
    const [payment] = await t.dataSource.query(
      `SELECT state, source FROM payments WHERE order_id = $1`,
      [records.orderKey(cart.id)],
    );
    expect(payment).toMatchObject({
      state: 'completed',
      source: {
        brand: 'visa',
        last_digits: '4242',
        gateway_payment_profile_id: card.gateway_payment_profile_id,
      },
    });
  });

  it('a payment session saves the card it charges when asked to', async () => {
    const { token, customerId } = await signUp('session-saves');
    const cart = await cartAtPayment(token);
    const method = cart.payment_methods.find((entry) => entry.type === 'test_card')!;
    const session = await client.carts.paymentSessions.create(
      cart.id,
      {
        payment_method_id: method.id,
        external_data: { card: { ...CARDS.approved, name: 'Grace' }, save_payment_method: true },
      },
      { token },
    );
    expect(await storedCards(customerId)).toEqual([]);
    const completed = await client.carts.paymentSessions.complete(
      cart.id,
      session.id,
      {},
      { token },
    );
    const cards = await client.customer.creditCards.list({}, { token });
    expect(cards.data).toMatchObject([
      { brand: 'visa', last4: '4242', month: 12, year: 2099, name: 'Grace', default: true },
    ]);
    expect(completed.external_data).toEqual({
      save_payment_method: true,
      saved_credit_card_id: cards.data[0].id,
    });
    expect(cards.data[0].gateway_payment_profile_id).toMatch(TOKEN_PATTERN);

    // A session without the flag saves nothing; a guest's cart cannot save a card.
    const plain = await cartAtPayment(token);
    const other = await client.carts.paymentSessions.create(
      plain.id,
      { payment_method_id: method.id, external_data: { card: CARDS.approved } },
      { token },
    );
    await client.carts.paymentSessions.complete(plain.id, other.id, {}, { token });
    expect(await storedCards(customerId)).toHaveLength(1);

    const guestCart = await client.carts.create({
      items: [{ variant_id: tees[0].id, quantity: 1 }],
    });
    const guest = { spreeToken: guestCart.token };
    await client.carts.update(
      guestCart.id,
      { email: uniqueEmail('guest'), shipping_address: CLIENT_US_ADDRESS, use_shipping: true },
      guest,
    );
    const guestSession = await client.carts.paymentSessions.create(
      guestCart.id,
      {
        payment_method_id: method.id,
        external_data: { card: CARDS.approved, save_payment_method: true },
      },
      guest,
    );
    const refused = await rejection(
      client.carts.paymentSessions.complete(guestCart.id, guestSession.id, {}, guest),
    );
    expect({ status: refused.status, code: refused.code, details: refused.details }).toEqual({
      status: 422,
      code: 'validation_error',
      details: {
        'external_data.save_payment_method': ['only a signed-in customer’s cart saves cards'],
      },
    });
    const [charged] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM payments WHERE order_id = $1`,
      [records.orderKey(guestCart.id)],
    );
    expect(charged.n).toBe(0);
  });

  it('deletes a card, unless a payment of an open cart uses it; another customer’s card is not found', async () => {
    const { token, customerId } = await signUp('delete');
    const first = await saveCard(token);
    const second = await saveCard(token);

    // A pending payment session of an open cart holds the second card.
    const cart = await cartAtPayment(token);
    const method = cart.payment_methods.find((entry) => entry.type === 'test_card')!;
    const session = await client.carts.paymentSessions.create(
      cart.id,
      { payment_method_id: method.id, external_data: { credit_card_id: second.payment_source_id } },
      { token },
    );
    const inUse = await rejection(
      client.customer.creditCards.delete(second.payment_source_id!, { token }),
    );
    expect({ status: inUse.status, code: inUse.code, details: inUse.details }).toEqual({
      status: 422,
      code: 'validation_error',
      details: {
        base: [
          'the card is used by a payment of an open cart; finish or remove that payment first',
        ],
      },
    });
    // Charged but the cart not yet completed: still in use.
    await client.carts.paymentSessions.complete(cart.id, session.id, {}, { token });
    expect(
      (await rejection(client.customer.creditCards.delete(second.payment_source_id!, { token })))
        .status,
    ).toBe(422);
    await client.carts.complete(cart.id, { token });

    const stranger = await signUp('delete-stranger');
    const foreign = await rejection(
      client.customer.creditCards.get(first.payment_source_id!, { token: stranger.token }),
    );
    expect({ status: foreign.status, code: foreign.code }).toEqual({
      status: 404,
      code: 'record_not_found',
    });
    const foreignDelete = await rejection(
      client.customer.creditCards.delete(first.payment_source_id!, { token: stranger.token }),
    );
    expect(foreignDelete.status).toBe(404);
    // Nor may another customer's cart pay with it.
    const strangerCart = await cartAtPayment(stranger.token);
    const borrowed = await rejection(
      client.carts.paymentSessions.create(
        strangerCart.id,
        {
          payment_method_id: method.id,
          external_data: { credit_card_id: first.payment_source_id },
        },
        { token: stranger.token },
      ),
    );
    expect({ status: borrowed.status, details: borrowed.details }).toEqual({
      status: 422,
      details: {
        'external_data.credit_card_id': ['no saved card of the signed-in customer has this id'],
      },
    });

    // The order is complete: the card may go. Deleting the default makes the other the default.
    await client.customer.creditCards.delete(second.payment_source_id!, { token });
    await client.customer.creditCards.delete(first.payment_source_id!, { token });
    expect(await storedCards(customerId)).toEqual([]);
    const third = await saveCard(token);
    const fourth = await saveCard(token);
    await client.customer.creditCards.delete(third.payment_source_id!, { token });
    expect(
      await client.customer.creditCards.get(fourth.payment_source_id!, { token }),
    ).toMatchObject({
      default: true,
    });
    const gone = await rejection(
      client.customer.creditCards.get(third.payment_source_id!, { token }),
    );
    expect(gone.status).toBe(404);
  });
});
