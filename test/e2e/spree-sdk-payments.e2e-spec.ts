import { type Cart, type Client } from '@spree/sdk';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CARDS, type CheckoutRecords, type DemoVariant } from '../helpers/checkout-fixtures.js';
import { uniqueEmail } from '../helpers/customers-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { CLIENT_US_ADDRESS, rejection, sdkShopForThisFile } from '../helpers/spree-sdk-fixtures.js';

const cents = (amount: string) => Math.round(Number(amount) * 100);
const amountOf = (value: number) => (value / 100).toFixed(2);

describe('Paying a cart through @spree/sdk: partial payments, payment sessions, store credit', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let client: Client;
  let tees: DemoVariant[];

  const sdk = sdkShopForThisFile();
  beforeAll(() => {
    ({ t, shop, records, client, tees } = sdk);
  });

  /** A cart at the payment step: two small tees, shipped to the US (guest, or the customer's). */
  async function cartAtPayment(auth: { token?: string } = {}) {
    const created = await client.carts.create(
      { items: [{ variant_id: tees[0].id, quantity: 2 }] },
      auth,
    );
    const options = auth.token ? auth : { spreeToken: created.token };
    const cart = await client.carts.update(
      created.id,
      { email: 'payer@example.com', shipping_address: CLIENT_US_ADDRESS, use_shipping: true },
      options,
    );
    expect(cart.current_step).toBe('payment');
    const method = (type: string) => cart.payment_methods.find((entry) => entry.type === type)!;
    return { cart, options, card: method('test_card'), check: method('check') };
  }

  async function storedPayments(cartId: string) {
    return t.dataSource.query(
      `SELECT pm.type, p.state, p.amount::numeric(20,2)::text AS amount, p.covers_balance,
              p.metadata, p.source, p.response_code, p.failure_message, p::text AS row
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       WHERE p.order_id = $1 ORDER BY p.id`,
      [records.orderKey(cartId)],
    );
  }

  async function storedSession(sessionId: string) {
    const [row] = await t.dataSource.query(
      `SELECT status, amount::numeric(20,2)::text AS amount, currency, external_id, external_data,
              source, session_result, payment_id::text AS payment_id, s::text AS row
       FROM payment_sessions s WHERE id = $1`,
      [records.key(ID_PREFIX.paymentSession, sessionId)],
    );
    return row;
  }

  describe('POST /carts/:id/payments', () => {
    it('takes partial payments with metadata, never more than is left to pay', async () => {
      const { cart, options, check } = await cartAtPayment();
      const total = cents(cart.total!);

      const first = await client.carts.payments.create(
        cart.id,
        { payment_method_id: check.id, amount: '10.00', metadata: { purchase_order: 'PO-1' } },
        options,
      );
      expect(first).toMatchObject({ amount: '10.00', status: 'checkout', payment_method: check });
      let view = await client.carts.get(cart.id, options);
      // Ten dollars do not pay for the cart: still at payment.
      expect(view.current_step).toBe('payment');

      const tooMuch = await rejection(
        client.carts.payments.create(
          cart.id,
          { payment_method_id: check.id, amount: amountOf(total - 1000 + 1) },
          options,
        ),
      );
      expect({ status: tooMuch.status, code: tooMuch.code, details: tooMuch.details }).toEqual({
        status: 422,
        code: 'validation_error',
        details: {
          amount: [`amount may be at most what is left to pay (${amountOf(total - 1000)})`],
        },
      });
      for (const amount of ['1.005', '-1', '0', 'ten', '1e3']) {
        const refused = await rejection(
          client.carts.payments.create(cart.id, { payment_method_id: check.id, amount }, options),
        );
        expect({
          amount,
          status: refused.status,
          fields: Object.keys(refused.details ?? {}),
        }).toEqual({ amount, status: 422, fields: ['amount'] });
      }

      const rest = await client.carts.payments.create(
        cart.id,
        { payment_method_id: check.id, amount: amountOf(total - 1000) },
        options,
      );
      expect(rest.amount).toBe(amountOf(total - 1000));
      view = await client.carts.get(cart.id, options);
      expect(view).toMatchObject({ current_step: 'confirm', requirements: [] });
      expect(await storedPayments(cart.id)).toMatchObject([
        {
          type: 'check',
          state: 'checkout',
          amount: '10.00',
          covers_balance: false,
          metadata: { purchase_order: 'PO-1' },
        },
        { type: 'check', amount: amountOf(total - 1000), covers_balance: false, metadata: {} },
      ]);

      const order = await client.carts.complete(cart.id, options);
      expect(order.payments.map(({ amount, status }) => ({ amount, status }))).toEqual([
        { amount: '10.00', status: 'pending' },
        { amount: amountOf(total - 1000), status: 'pending' },
      ]);
      expect(order.payment_status).toBe('balance_due');
    });

    it('without an amount pays whatever is left besides the partial payments', async () => {
      const { cart, options, check } = await cartAtPayment();
      await client.carts.payments.create(
        cart.id,
        { payment_method_id: check.id, amount: '5.00' },
        options,
      );
      const balance = await client.carts.payments.create(
        cart.id,
        { payment_method_id: check.id },
        options,
      );
      expect(balance.amount).toBe(amountOf(cents(cart.total!) - 500));
      expect((await client.carts.get(cart.id, options)).current_step).toBe('confirm');
      expect(
        (await storedPayments(cart.id)).map(
          ({ amount, covers_balance }: { amount: string; covers_balance: boolean }) => [
            amount,
            covers_balance,
          ],
        ),
      ).toEqual([
        ['5.00', false],
        [amountOf(cents(cart.total!) - 500), true],
      ]);
    });
  });

  describe('payment sessions', () => {
    it('tell which methods need a session and open only for those', async () => {
      const { cart, options, card, check } = await cartAtPayment();
      expect(card).toMatchObject({ session_required: true, source_required: true });
      expect(check).toMatchObject({ session_required: false, source_required: false });
      const refused = await rejection(
        client.carts.paymentSessions.create(cart.id, { payment_method_id: check.id }, options),
      );
      expect({ status: refused.status, code: refused.code, details: refused.details }).toEqual({
        status: 422,
        code: 'validation_error',
        details: {
          payment_method_id: [
            'check payments are made with POST /carts/:id/payments, without a session',
          ],
        },
      });
      const unknown = await rejection(
        client.carts.paymentSessions.create(
          cart.id,
          { payment_method_id: records.unknownId(ID_PREFIX.paymentMethod) },
          options,
        ),
      );
      expect({ status: unknown.status, code: unknown.code }).toEqual({
        status: 404,
        code: 'record_not_found',
      });
      const tooMuch = await rejection(
        client.carts.paymentSessions.create(
          cart.id,
          { payment_method_id: card.id, amount: amountOf(cents(cart.total!) + 1) },
          options,
        ),
      );
      expect(Object.keys(tooMuch.details ?? {})).toEqual(['amount']);
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM payment_sessions WHERE order_id = $1',
        [records.orderKey(cart.id)],
      );
      expect(count).toBe(0);
    });

    it('pays a guest checkout by card: a declined card, then an approved one, then the order', async () => {
      const { cart, options, card } = await cartAtPayment();
      const total = cart.total!;

      // 1. A session for all of it, pending; the declined card given by update.
      const session = await client.carts.paymentSessions.create(
        cart.id,
        { payment_method_id: card.id },
        options,
      );
      expect(session).toMatchObject({
        id: expect.stringMatching(/^ps_/),
        status: 'pending',
        currency: 'USD',
        amount: total,
        external_id: expect.stringMatching(/^test_session_/),
        external_data: {},
        customer_external_id: null,
        expires_at: null,
        payment_method_id: card.id,
        payment_method: card,
        order_id: cart.id,
      });
      expect(session).not.toHaveProperty('payment');
      const updated = await client.carts.paymentSessions.update(
        cart.id,
        session.id,
        { external_data: { card: CARDS.declined, attempt: 1 } },
        options,
      );
      expect(updated).toMatchObject({ status: 'pending', external_data: { attempt: 1 } });
      const stored = await storedSession(session.id);
      expect(stored).toMatchObject({
        status: 'pending',
        amount: total,
        external_data: { attempt: 1 },
        source: { last_digits: '0002', brand: 'visa' },
      });
      expect(stored.row).not.toContain(CARDS.declined.number);

      // 2. Declined: 422, the session failed with its failed payment; the cart still owes it all.
      const declined = await rejection(
        client.carts.paymentSessions.complete(cart.id, session.id, {}, options),
      );
      expect({ status: declined.status, code: declined.code, details: declined.details }).toEqual({
        status: 422,
        code: 'payment_failed',
        details: { payment_session_id: [session.id] },
      });
      const failed = await client.carts.paymentSessions.get(cart.id, session.id, options);
      expect(failed).toMatchObject({
        status: 'failed',
        payment: { status: 'failed', amount: total, source: { last_digits: '0002' } },
      });
      let view = await client.carts.get(cart.id, options);
      expect(view).toMatchObject({ current_step: 'payment', amount_due: total });
      const again = await rejection(
        client.carts.paymentSessions.complete(cart.id, session.id, {}, options),
      );
      expect({ code: again.code, details: again.details }).toEqual({
        code: 'validation_error',
        details: { status: ['the session is failed; open a new payment session to pay again'] },
      });

      // 3. A new session with the approved card: completed, the payment captured, at confirm.
      const retry = await client.carts.paymentSessions.create(
        cart.id,
        { payment_method_id: card.id, external_data: { card: CARDS.approved } },
        options,
      );
      expect(retry.external_data).toEqual({});
      const completed = await client.carts.paymentSessions.complete(
        cart.id,
        retry.id,
        { session_result: 'succeeded' },
        { ...options, idempotencyKey: `complete-${retry.id}` },
      );
      expect(completed).toMatchObject({
        id: retry.id,
        status: 'completed',
        amount: total,
        payment: {
          status: 'completed',
          amount: total,
          payment_method: card,
          source_type: 'credit_card',
          source: { last_digits: '4242', brand: 'visa' },
          response_code: expect.stringMatching(/^test_/),
        },
      });
      // The same request again (the client's retry) is answered from the first, charging nothing.
      const replayed = await client.carts.paymentSessions.complete(
        cart.id,
        retry.id,
        { session_result: 'succeeded' },
        { ...options, idempotencyKey: `complete-${retry.id}` },
      );
      expect(replayed).toEqual(completed);
      // Completing a completed session answers it unchanged.
      const repeated = await client.carts.paymentSessions.complete(cart.id, retry.id, {}, options);
      expect(repeated).toMatchObject({
        status: 'completed',
        payment: { id: completed.payment!.id },
      });
      expect(await storedSession(retry.id)).toMatchObject({
        status: 'completed',
        session_result: 'succeeded',
        payment_id: records.key(ID_PREFIX.payment, completed.payment!.id),
      });
      view = await client.carts.get(cart.id, options);
      expect(view).toMatchObject({ current_step: 'confirm', amount_due: '0.00', requirements: [] });
      expect(await storedPayments(cart.id)).toMatchObject([
        {
          type: 'test_card',
          state: 'failed',
          amount: total,
          failure_message: 'The card was declined',
        },
        { type: 'test_card', state: 'completed', amount: total, covers_balance: false },
      ]);

      // 4. Placed and paid.
      const order = await client.carts.complete(cart.id, options);
      expect(order).toMatchObject({ payment_status: 'paid', amount_due: '0.00' });
      expect(order.payments.map(({ id, status }) => ({ id, status }))).toEqual([
        { id: failed.payment!.id, status: 'failed' },
        { id: completed.payment!.id, status: 'completed' },
      ]);
      expect(await records.checkout(order.id)).toMatchObject({
        state: 'complete',
        payment_state: 'paid',
        payment_total: total,
      });
    });

    it('answers a processor failure with gateway_error and a failed session', async () => {
      const { cart, options, card } = await cartAtPayment();
      const session = await client.carts.paymentSessions.create(
        cart.id,
        { payment_method_id: card.id },
        options,
      );
      const invalidCard = await rejection(
        client.carts.paymentSessions.complete(
          cart.id,
          session.id,
          { external_data: { card: { ...CARDS.approved, number: '4242424242424241' } } },
          options,
        ),
      );
      expect({ code: invalidCard.code, details: invalidCard.details }).toEqual({
        code: 'validation_error',
        details: { 'external_data.card.number': ['number must be a valid card number'] },
      });
      const noCard = await rejection(
        client.carts.paymentSessions.complete(cart.id, session.id, {}, options),
      );
      expect(noCard.details).toEqual({
        'external_data.card': ['the card is required to complete the session'],
      });
      expect((await storedSession(session.id)).status).toBe('pending');

      const failure = await rejection(
        client.carts.paymentSessions.complete(
          cart.id,
          session.id,
          { external_data: { card: CARDS.gatewayError } },
          options,
        ),
      );
      expect({ status: failure.status, code: failure.code }).toEqual({
        status: 422,
        code: 'gateway_error',
      });
      expect(await storedSession(session.id)).toMatchObject({ status: 'failed' });
      expect(await storedPayments(cart.id)).toMatchObject([
        { type: 'test_card', state: 'failed', amount: cart.total },
      ]);
      expect((await client.carts.get(cart.id, options)).current_step).toBe('payment');
    });

    it('belong to their cart: another cart of the same shopper does not find them', async () => {
      const first = await cartAtPayment();
      const second = await cartAtPayment();
      const session = await client.carts.paymentSessions.create(
        first.cart.id,
        { payment_method_id: first.card.id, amount: '1.00' },
        first.options,
      );
      expect(session.amount).toBe('1.00');
      for (const call of [
        client.carts.paymentSessions.get(second.cart.id, session.id, second.options),
        client.carts.paymentSessions.update(
          second.cart.id,
          session.id,
          { amount: '2.00' },
          second.options,
        ),
        client.carts.paymentSessions.complete(second.cart.id, session.id, {}, second.options),
      ]) {
        const refused = await rejection(call);
        expect({ status: refused.status, code: refused.code }).toEqual({
          status: 404,
          code: 'record_not_found',
        });
      }
      // Without the first cart's token its sessions are not the caller's either.
      const stranger = await rejection(
        client.carts.paymentSessions.get(first.cart.id, session.id, second.options),
      );
      expect(stranger.code).toBe('cart_not_found');
      const changed = await client.carts.paymentSessions.update(
        first.cart.id,
        session.id,
        { amount: '2.50' },
        first.options,
      );
      expect(changed.amount).toBe('2.50');
      expect((await storedSession(session.id)).amount).toBe('2.50');
    });
  });

  describe('store credit with the rest paid by card', () => {
    it('applies credit as a number and as a string, then a session pays the rest', async () => {
      const email = uniqueEmail('sdk-credit');
      const auth = await client.customers.create({
        email,
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
        first_name: 'Ada',
        last_name: 'Lovelace',
      });
      const creditKey = await records.giveStoreCredit(shop, auth.user.id, {
        currency: 'USD',
        amount: '20.00',
        daysAgo: 1,
      });
      const { cart, options, card } = await cartAtPayment({ token: auth.token });
      const total = cents(cart.total!);

      let view: Cart = await client.carts.storeCredits.apply(cart.id, 5.5, options);
      expect(view).toMatchObject({
        store_credit_total: '5.50',
        amount_due: amountOf(total - 550),
        current_step: 'payment',
      });
      view = await client.carts.storeCredits.apply(cart.id, '7.25' as unknown as number, options);
      expect(view).toMatchObject({
        store_credit_total: '7.25',
        amount_due: amountOf(total - 725),
      });
      expect(
        (await storedPayments(cart.id)).filter(
          (payment: { type: string }) => payment.type === 'store_credit',
        ),
      ).toMatchObject([{ state: 'checkout', amount: '7.25', covers_balance: false }]);
      for (const amount of [1.234, '1.234', -2, '1e1', 0.1 + 0.2]) {
        const refused = await rejection(
          client.carts.storeCredits.apply(cart.id, amount as number, options),
        );
        expect({
          amount,
          status: refused.status,
          fields: Object.keys(refused.details ?? {}),
        }).toEqual({ amount, status: 422, fields: ['amount'] });
      }
      expect((await client.carts.get(cart.id, options)).store_credit_total).toBe('7.25');

      const session = await client.carts.paymentSessions.create(
        cart.id,
        { payment_method_id: card.id, external_data: { card: CARDS.approved } },
        options,
      );
      expect(session.amount).toBe(amountOf(total - 725));
      const completed = await client.carts.paymentSessions.complete(
        cart.id,
        session.id,
        {},
        options,
      );
      expect(completed.payment).toMatchObject({ status: 'completed', amount: session.amount });
      view = await client.carts.get(cart.id, options);
      expect(view).toMatchObject({ current_step: 'confirm', amount_due: '0.00' });

      const order = await client.carts.complete(cart.id, options);
      expect(order).toMatchObject({
        payment_status: 'paid',
        store_credit_total: '7.25',
        amount_due: '0.00',
      });
      expect(order.payments.map(({ status, amount }) => ({ status, amount }))).toEqual([
        { status: 'completed', amount: '7.25' },
        { status: 'completed', amount: amountOf(total - 725) },
      ]);
      expect(await records.creditsUsed([creditKey])).toEqual({ [creditKey]: '7.25' });
      expect(await records.checkout(order.id)).toMatchObject({
        payment_state: 'paid',
        payment_total: amountOf(total),
      });
    });
  });
});
