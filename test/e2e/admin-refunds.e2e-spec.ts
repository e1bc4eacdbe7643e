import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { Scope } from '../../src/modules/auth/scopes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  AdminRefundSchema,
  FOLLOW_UP_CARDS,
  type PaymentScenario,
  startPaymentShops,
} from '../helpers/admin-payments-fixtures.js';
import { operationsOf, recoverOperations } from '../helpers/payment-operations-fixtures.js';
import { CartClient, CheckoutRecords, SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import {
  type AdminCaller,
  issueSecretKey,
  staffToken,
  StoreCaller,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { adminEndpoints } from '../helpers/staff-admin-endpoints.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

interface StoredRefund {
  payment_id: string;
  order_id: string;
  amount: string;
  reason: string | null;
  transaction_id: string | null;
  staff_user_id: string | null;
  api_key_id: string | null;
}

describe('Admin API: order refunds', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let scenario: PaymentScenario;
  let otherScenario: PaymentScenario;

  beforeAll(async () => {
    ({ t, shop, admin, scenario, otherScenario } = await startPaymentShops());
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const refundsPath = (orderId: string, rest = '') => `/orders/${orderId}/refunds${rest}`;
  const refund = (
    orderId: string,
    json: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => admin.call('POST', refundsPath(orderId), { json, ...(headers ? { headers } : {}) });
  const storedRefunds = async (orderId: string): Promise<StoredRefund[]> =>
    t.dataSource.query(
      `SELECT payment_id::text AS payment_id, order_id::text AS order_id,
              amount::numeric(20,2)::text AS amount, reason, transaction_id,
              staff_user_id::text AS staff_user_id, api_key_id::text AS api_key_id
       FROM refunds WHERE order_id = $1 ORDER BY id`,
      [keyOf(t, ID_PREFIX.order, orderId)],
    );
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const money = (value: number) => (value / 100).toFixed(2);

  it('declares each refund route with its payments scope', () => {
    const routes = Object.fromEntries(
      adminEndpoints(t.app)
        .filter((endpoint) => endpoint.path.includes('/refunds'))
        .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.scope]),
    );
    expect(routes).toEqual({
      'GET /api/v3/admin/orders/:id/refunds': 'read_payments',
      'GET /api/v3/admin/orders/:id/refunds/:refund_id': 'read_payments',
      'POST /api/v3/admin/orders/:id/refunds': 'write_payments',
    });
  });

  describe('a paid order refunded in two parts', () => {
    let order: Record<string, any>;
    let paymentId: string;
    let first: Record<string, any>;

    beforeAll(async () => {
      order = await scenario.placed('test_card', 2);
      paymentId = order.payments[0].id;
    }, SETUP_TIMEOUT_MS);

    it('refunds part of a captured payment: recorded, published, the order owes a balance', async () => {
      const before = await scenario.order(order.id);
      expect(before).toMatchObject({ payment_state: 'paid', payment_total: order.total });
      const response = await refund(order.id, {
        payment_id: paymentId,
        amount: '10.00',
        reason: '  Damaged in transit ',
      });
      expect(response.status).toBe(201);
      first = AdminRefundSchema.parse(response.body);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^ref_/),
        transaction_id: expect.stringMatching(/^test_/),
        amount: '10.00',
        display_amount: '$10.00',
        payment_id: paymentId,
        order_id: order.id,
        refund_reason_id: null,
        reimbursement_id: null,
        reason: 'Damaged in transit',
        staff_user_id: null,
        api_key_id: expect.stringMatching(/^key_/),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await storedRefunds(order.id)).toEqual([
        {
          payment_id: keyOf(t, ID_PREFIX.payment, paymentId),
          order_id: keyOf(t, ID_PREFIX.order, order.id),
          amount: '10.00',
          reason: 'Damaged in transit',
          transaction_id: response.body.transaction_id,
          staff_user_id: null,
          api_key_id: keyOf(t, ID_PREFIX.apiKey, response.body.api_key_id),
        },
      ]);
      const left = money(cents(order.total) - 1000);
      expect(await scenario.order(order.id)).toMatchObject({
        payment_state: 'balance_due',
        payment_total: left,
        state_lock_version: before.state_lock_version + 1,
        // Its shipment, not yet shipped, waits again for the balance to be paid.
        shipment_state: 'pending',
      });
      // The payment itself stays completed, and shows what was refunded of it.
      expect(await scenario.payment(paymentId)).toMatchObject({
        state: 'completed',
        amount: order.total,
      });
      const payment = await admin.call('GET', `/orders/${order.id}/payments/${paymentId}`);
      expect(payment.body).toMatchObject({ state: 'completed', refunded_amount: '10.00' });

      expect(await scenario.events('refund.created', response.body.id)).toEqual([response.body]);
      expect((await scenario.events('order.updated', order.id)).at(-1)).toMatchObject({
        payment_state: 'balance_due',
        payment_total: left,
      });
    });

    it('refuses more than is left of the payment, recording nothing', async () => {
      const before = await scenario.order(order.id);
      const left = money(cents(order.total) - 1000);
      const details = expectError(
        await refund(order.id, {
          payment_id: paymentId,
          amount: money(cents(order.total) - 1000 + 1),
        }),
        422,
        'resource_invalid',
      );
      expect(details).toEqual({ amount: [expect.stringContaining(left)] });
      expect(await storedRefunds(order.id)).toHaveLength(1);
      expect(await scenario.order(order.id)).toEqual(before);
    });

    it('refunds exactly what is left: the payment is fully refunded, nothing paid', async () => {
      const left = money(cents(order.total) - 1000);
      const response = await refund(order.id, { payment_id: paymentId, amount: left });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ amount: left, reason: null });
      expect(await scenario.order(order.id)).toMatchObject({
        payment_state: 'balance_due',
        payment_total: '0.00',
      });
      expectError(
        await refund(order.id, { payment_id: paymentId, amount: '0.01' }),
        422,
        'resource_invalid',
      );
      expect(await storedRefunds(order.id)).toHaveLength(2);
    });

    it('lists the order’s refunds oldest first and shows one', async () => {
      const list = await admin.call('GET', refundsPath(order.id));
      expect(list.status).toBe(200);
      expect(list.body.meta).toMatchObject({ page: 1, count: 2 });
      expect(list.body.data[0]).toEqual(first);
      list.body.data.forEach((item: unknown) => AdminRefundSchema.parse(item));
      const page = await admin.call('GET', refundsPath(order.id, '?limit=1&page=2'));
      expect(page.body.data).toEqual([list.body.data[1]]);
      const shown = await admin.call('GET', refundsPath(order.id, `/${first.id}`));
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(first);
      expectError(
        await admin.call('GET', refundsPath(order.id, '/ref_doesnotexist1')),
        404,
        'record_not_found',
      );
    });

    it('keeps refunds within their store and order: 404 elsewhere', async () => {
      const foreign = await otherScenario.placed('test_card');
      expectError(await admin.call('GET', refundsPath(foreign.id)), 404, 'record_not_found');
      expectError(
        await refund(foreign.id, { payment_id: foreign.payments[0].id, amount: '1.00' }),
        404,
        'record_not_found',
      );
      const another = await scenario.placed('test_card');
      // A refund of this order is not found under another order, nor a payment of another order.
      expectError(
        await admin.call('GET', refundsPath(another.id, `/${first.id}`)),
        404,
        'record_not_found',
      );
      const details = expectError(
        await refund(another.id, { payment_id: paymentId, amount: '1.00' }),
        404,
        'record_not_found',
      );
      expect(details).toEqual({ payment_id: ['does not exist'] });
      expect(await storedRefunds(another.id)).toEqual([]);
    });
  });

  it('refunds a payment the customer overpaid: credit_owed becomes paid', async () => {
    const order = await scenario.placed('test_card', 2);
    // The order's total fell after it was paid (an item taken off): the customer is owed 5.00.
    const total = money(cents(order.total) - 500);
    await t.dataSource.query(
      `UPDATE orders SET total = $2, payment_state = 'credit_owed' WHERE id = $1`,
      [keyOf(t, ID_PREFIX.order, order.id), total],
    );
    const response = await refund(order.id, { payment_id: order.payments[0].id, amount: '5.00' });
    expect(response.status).toBe(201);
    expect(await scenario.order(order.id)).toMatchObject({
      payment_state: 'paid',
      payment_total: total,
      shipment_state: 'ready',
    });
  });

  it('gives a store credit payment back to the credit; a later cancellation returns only the rest', async () => {
    const customer = await new StoreCaller(t, shop).register();
    const records = new CheckoutRecords(t);
    const creditKey = await records.giveStoreCredit(shop, customer.id, {
      currency: 'USD',
      amount: '5.00',
      daysAgo: 1,
    });
    const cart = new CartClient(t, shop, customer.token);
    await cart.create();
    expect((await cart.addItem(scenario.variant.id, 1)).status).toBe(201);
    expect((await cart.address(undefined, customer.email)).status).toBe(200);
    const applied = await cart.call('POST', `/carts/${cart.id}/store_credits`, { amount: '5.00' });
    expect(applied.status).toBe(200);
    expect((await cart.payByCard()).status).toBe(201);
    const order = (await cart.complete()).body;
    expect(order.state).toBe('complete');
    const credit = order.payments.find(
      (payment: { payment_method_type: string }) => payment.payment_method_type === 'store_credit',
    );
    expect(await records.creditsUsed([creditKey])).toEqual({ [creditKey]: '5.00' });

    const response = await refund(order.id, { payment_id: credit.id, amount: '3.00' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ amount: '3.00', transaction_id: null });
    expect(await records.creditsUsed([creditKey])).toEqual({ [creditKey]: '2.00' });
    expect(
      await scenario.events(
        'store_credit.updated',
        records.publicId(ID_PREFIX.storeCredit, creditKey),
      ),
    ).not.toHaveLength(0);
    expect(await scenario.order(order.id)).toMatchObject({
      payment_state: 'balance_due',
      payment_total: money(cents(order.total) - 300),
    });

    expect((await admin.call('PATCH', `/orders/${order.id}/cancel`)).status).toBe(200);
    expect(await records.creditsUsed([creditKey])).toEqual({ [creditKey]: '0.00' });
    expect(
      (await storedRefunds(order.id)).map((row) => [row.amount, row.reason, row.transaction_id]),
    ).toEqual([
      ['3.00', null, null],
      [money(cents(order.total) - 500), 'Order canceled', expect.stringMatching(/^test_/)],
      ['2.00', 'Order canceled', null],
    ]);
  });

  it('never refunds more than was captured, even when refunds race', async () => {
    const order = await scenario.placed('test_card');
    const paymentId = order.payments[0].id;
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        refund(order.id, { payment_id: paymentId, amount: order.total }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const response of responses.filter((answer) => answer.status !== 201)) {
      expect([409, 422]).toContain(response.status);
    }
    expect((await storedRefunds(order.id)).map((row) => row.amount)).toEqual([order.total]);
    expect(await scenario.order(order.id)).toMatchObject({ payment_total: '0.00' });
  });

  it('refuses to refund a payment not captured, and validates the body', async () => {
    const order = await scenario.placed('check');
    const pending = expectError(
      await refund(order.id, { payment_id: order.payments[0].id, amount: '1.00' }),
      422,
      'resource_invalid',
    );
    expect(pending).toEqual({ state: [expect.stringContaining('this one is pending')] });
    const missing = expectError(await refund(order.id, {}), 422, 'validation_error');
    expect(Object.keys(missing!).sort()).toEqual(['amount', 'payment_id']);
    for (const amount of ['0', '-1', '1.001', 'ten']) {
      const details = expectError(
        await refund(order.id, { payment_id: order.payments[0].id, amount }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!)).toEqual(['amount']);
    }
    expectError(
      await refund(order.id, {
        payment_id: order.payments[0].id,
        amount: '1',
        reason: 'x'.repeat(256),
      }),
      422,
      'validation_error',
    );
    expect(await storedRefunds(order.id)).toEqual([]);
  });

  it('answers a refused refund with 422 gateway_error, recording nothing', async () => {
    // The test gateway refuses every refund of this card's charges, whatever the amount.
    const order = await scenario.placed('test_card', 1, FOLLOW_UP_CARDS.refundRefused);
    const before = await scenario.order(order.id);
    const events = await scenario.eventCount();
    const details = expectError(
      await refund(order.id, { payment_id: order.payments[0].id, amount: '1.00' }),
      422,
      'gateway_error',
    );
    expect(details).toEqual({ payment_id: [order.payments[0].id] });
    expect(await storedRefunds(order.id)).toEqual([]);
    expect(await scenario.order(order.id)).toEqual(before);
    expect(await scenario.eventCount()).toBe(events);
  });

  it('answers a lost answer with 422 payment_processing_error; recovery then records the refund once', async () => {
    // The test gateway makes this card's refunds but their answer never arrives.
    const order = await scenario.placed('test_card', 1, FOLLOW_UP_CARDS.refundLost);
    const before = await scenario.order(order.id);
    const payment = await scenario.payment(order.payments[0].id);
    const events = await scenario.eventCount();
    expectError(
      await refund(order.id, { payment_id: order.payments[0].id, amount: '1.00' }),
      422,
      'payment_processing_error',
    );
    expect(await storedRefunds(order.id)).toEqual([]);
    expect(await scenario.payment(order.payments[0].id)).toEqual(payment);
    expect(await scenario.order(order.id)).toEqual(before);
    expect(await scenario.eventCount()).toBe(events);

    const orderKey = keyOf(t, ID_PREFIX.order, order.id);
    await recoverOperations(t, orderKey);
    expect(await operationsOf(t, orderKey)).toEqual([
      { kind: 'refund', state: 'done', amount: '1.00', gateway_calls: 1 },
    ]);
    expect(await storedRefunds(order.id)).toEqual([
      expect.objectContaining({
        amount: '1.00',
        reason: null,
        transaction_id: expect.stringMatching(/^test_/),
        api_key_id: expect.any(String),
      }),
    ]);
    expect(await scenario.events('refund.created', order.id)).toHaveLength(1);
    expect(await scenario.order(order.id)).toMatchObject({
      payment_state: 'balance_due',
      payment_total: money(cents(order.total) - 100),
    });
  });

  describe('canceling an order gives its money back', () => {
    const cancel = (orderId: string) => admin.call('PATCH', `/orders/${orderId}/cancel`);
    const refundsOf = async (orderId: string) =>
      (await storedRefunds(orderId)).map((row) => `${row.amount} ${row.reason}`);
    const stateChanges = (orderId: string) => new CheckoutRecords(t).stateChanges(orderId);

    it('refunds a captured card payment through its gateway, recorded and published', async () => {
      const order = await scenario.placed('test_card', 2);
      const paymentId = order.payments[0].id;
      const response = await cancel(order.id);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        state: 'canceled',
        payment_state: 'void',
        payment_total: '0.00',
      });
      const [stored] = await storedRefunds(order.id);
      expect(await storedRefunds(order.id)).toEqual([
        {
          payment_id: keyOf(t, ID_PREFIX.payment, paymentId),
          order_id: keyOf(t, ID_PREFIX.order, order.id),
          amount: order.total,
          reason: 'Order canceled',
          transaction_id: expect.stringMatching(/^test_/),
          staff_user_id: null,
          api_key_id: expect.any(String),
        },
      ]);
      expect(stored.transaction_id).not.toBe((await scenario.payment(paymentId)).response_code);
      expect(await scenario.paymentsOf(order.id)).toEqual([`void ${order.total}`]);
      const published = await scenario.events('refund.created', order.id);
      expect(published).toHaveLength(1);
      expect(published[0]).toMatchObject({
        payment_id: paymentId,
        amount: order.total,
        transaction_id: stored.transaction_id,
      });
      const listed = await admin.call('GET', refundsPath(order.id));
      expect(listed.body.data.map((row: { amount: string }) => row.amount)).toEqual([order.total]);
    });

    it('refunds only what earlier refunds left', async () => {
      const order = await scenario.placed('test_card', 2);
      const first = await refund(order.id, { payment_id: order.payments[0].id, amount: '4.00' });
      expect(first.status).toBe(201);
      expect((await cancel(order.id)).status).toBe(200);
      expect(await refundsOf(order.id)).toEqual([
        '4.00 null',
        `${money(cents(order.total) - 400)} Order canceled`,
      ]);
      expect(await scenario.order(order.id)).toMatchObject({
        state: 'canceled',
        payment_state: 'void',
        payment_total: '0.00',
      });
    });

    it('voids an authorization at its gateway and refunds nothing', async () => {
      const order = await scenario.placed('check');
      expect(await scenario.paymentsOf(order.id)).toEqual([`pending ${order.total}`]);
      expect((await cancel(order.id)).status).toBe(200);
      expect(await scenario.paymentsOf(order.id)).toEqual([`void ${order.total}`]);
      expect(await storedRefunds(order.id)).toEqual([]);
      expect(await scenario.events('refund.created', order.id)).toEqual([]);
      expect(await stateChanges(order.id)).toEqual(
        expect.arrayContaining(['payment: pending → void', 'order: complete → canceled']),
      );
    });

    it('changes nothing when the only refund is refused', async () => {
      const order = await scenario.placed('test_card', 2, FOLLOW_UP_CARDS.refundRefused);
      const before = await scenario.order(order.id);
      const events = await scenario.eventCount();
      const details = expectError(await cancel(order.id), 422, 'gateway_error');
      expect(details).toEqual({ payment_id: [order.payments[0].id] });
      expect(await scenario.order(order.id)).toEqual(before);
      expect(await scenario.paymentsOf(order.id)).toEqual([`completed ${order.total}`]);
      expect(await refundsOf(order.id)).toEqual([]);
      expect(await scenario.eventCount()).toBe(events);
    });

    it('keeps what a gateway released before another failed, and leaves the order complete', async () => {
      // A balance due covered by two card payments: one only authorized, one captured with a
      // card whose refunds are made but never answered.
      const order = await scenario.withBalanceDue(2);
      const held = await scenario.authorized(order, { amount: '1.00' });
      expect(held.state).toBe('pending');
      const lost = await scenario.authorized(order, { source: FOLLOW_UP_CARDS.refundLost });
      const rest = money(cents(order.total) - 100);
      expect(lost).toMatchObject({ state: 'pending', amount: rest });
      expect(
        (await admin.call('PATCH', `/orders/${order.id}/payments/${lost.id}/capture`)).status,
      ).toBe(200);

      expectError(await cancel(order.id), 422, 'payment_processing_error');
      expect(await scenario.paymentsOf(order.id)).toEqual([
        `void ${order.total}`,
        'void 1.00',
        `completed ${rest}`,
      ]);
      expect(await scenario.order(order.id)).toMatchObject({
        state: 'complete',
        payment_state: 'balance_due',
        payment_total: rest,
      });
      expect(await refundsOf(order.id)).toEqual([]);
      expect(await stateChanges(order.id)).toEqual(
        expect.arrayContaining(['payment: pending → void']),
      );
      expect(await stateChanges(order.id)).not.toContain('order: complete → canceled');

      // Recovery learns that the refund was made: it is recorded, and the payment voided.
      await recoverOperations(t, keyOf(t, ID_PREFIX.order, order.id));
      expect(await refundsOf(order.id)).toEqual([`${rest} Order canceled`]);
      expect(await scenario.paymentsOf(order.id)).toEqual([
        `void ${order.total}`,
        'void 1.00',
        `void ${rest}`,
      ]);
    });

    it('refuses while a payment is still being settled by its gateway, changing nothing', async () => {
      const order = await scenario.placed('test_card');
      // A payment is `processing` while checkout's capture call is in flight.
      await t.dataSource.query(`UPDATE payments SET state = 'processing' WHERE id = $1`, [
        keyOf(t, ID_PREFIX.payment, order.payments[0].id),
      ]);
      const before = await scenario.order(order.id);
      const details = expectError(await cancel(order.id), 422, 'cart_invalid_state');
      expect(details).toEqual({ payment_id: [order.payments[0].id] });
      expect(await scenario.order(order.id)).toEqual(before);
      expect(await scenario.paymentsOf(order.id)).toEqual([`processing ${order.total}`]);
      expect(await storedRefunds(order.id)).toEqual([]);
    });
  });

  describe('access', () => {
    let order: Record<string, any>;

    beforeAll(async () => {
      order = await scenario.placed('test_card');
    }, SETUP_TIMEOUT_MS);

    const asStaff = async (scopes: Scope[]) => ({
      authorization: `Bearer ${await staffToken(t, shop, scopes)}`,
    });

    it('refuses keys without the payments scope', async () => {
      const orders = await issueSecretKey(t, shop, ['write_orders']);
      expect(
        expectError(
          await admin.call('GET', refundsPath(order.id), {
            headers: { 'x-store-api-key': orders },
          }),
          403,
          'access_denied',
        ),
      ).toEqual({ required_scope: 'read_payments' });
      const reader = await issueSecretKey(t, shop, ['read_payments']);
      expect(
        (await admin.call('GET', refundsPath(order.id), { headers: { 'x-store-api-key': reader } }))
          .status,
      ).toBe(200);
      expect(
        expectError(
          await refund(
            order.id,
            { payment_id: order.payments[0].id, amount: '1.00' },
            { 'x-store-api-key': reader },
          ),
          403,
          'access_denied',
        ),
      ).toEqual({ required_scope: 'write_payments' });
      expect(await storedRefunds(order.id)).toEqual([]);
    });

    it('holds staff to their role’s scopes, and records who refunded', async () => {
      expectError(
        await admin.call('GET', refundsPath(order.id), { headers: await asStaff(['read_orders']) }),
        403,
        'access_denied',
      );
      expectError(
        await refund(
          order.id,
          { payment_id: order.payments[0].id, amount: '1.00' },
          await asStaff(['read_payments', 'write_orders']),
        ),
        403,
        'access_denied',
      );
      const response = await refund(
        order.id,
        { payment_id: order.payments[0].id, amount: '1.00' },
        await asStaff(['write_payments']),
      );
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        staff_user_id: expect.stringMatching(/^admin_/),
        api_key_id: null,
      });
      const [stored] = await storedRefunds(order.id);
      expect(stored).toMatchObject({
        staff_user_id: keyOf(t, ID_PREFIX.staffUser, response.body.staff_user_id),
        api_key_id: null,
      });
    });
  });
});
