import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { Scope } from '../../src/modules/auth/scopes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  AdminPaymentSchema,
  type PaymentScenario,
  FOLLOW_UP_CARDS,
  UNREACHABLE_CARD,
  startPaymentShops,
} from '../helpers/admin-payments-fixtures.js';
import { operationsOf, recoverOperations } from '../helpers/payment-operations-fixtures.js';
import { CARDS, CartClient, SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import {
  type AdminCaller,
  issueSecretKey,
  staffToken,
  uniqueEmail,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { adminEndpoints } from '../helpers/staff-admin-endpoints.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Admin API: order payments', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let scenario: PaymentScenario;
  let otherScenario: PaymentScenario;

  beforeAll(async () => {
    ({ t, shop, admin, scenario, otherScenario } = await startPaymentShops());
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const paymentsPath = (orderId: string, rest = '') => `/orders/${orderId}/payments${rest}`;
  const asKey = (token: string) => ({ headers: { 'x-store-api-key': token } });
  const asStaff = async (scopes: Scope[]) => ({
    headers: { authorization: `Bearer ${await staffToken(t, shop, scopes)}` },
  });

  it('declares each payment route with its payments scope', () => {
    const routes = Object.fromEntries(
      adminEndpoints(t.app)
        .filter((endpoint) => endpoint.path.includes('/payments'))
        .filter((endpoint) => endpoint.path.startsWith('/api/v3/admin/orders'))
        .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.scope]),
    );
    expect(routes).toEqual({
      'GET /api/v3/admin/orders/:id/payments': 'read_payments',
      'GET /api/v3/admin/orders/:id/payments/:payment_id': 'read_payments',
      'POST /api/v3/admin/orders/:id/payments': 'write_payments',
      'PATCH /api/v3/admin/orders/:id/payments/:payment_id/capture': 'write_payments',
      'PATCH /api/v3/admin/orders/:id/payments/:payment_id/void': 'write_payments',
    });
  });

  describe('reading', () => {
    let order: Record<string, any>;

    beforeAll(async () => {
      order = await scenario.placed('test_card');
    }, SETUP_TIMEOUT_MS);

    it('lists an order’s payments in the client’s Payment shape, and shows one', async () => {
      const list = await admin.call('GET', paymentsPath(order.id));
      expect(list.status).toBe(200);
      expect(list.body.meta).toMatchObject({ page: 1, count: 1 });
      const [payment] = list.body.data;
      AdminPaymentSchema.parse(payment);
      expect(payment).toMatchObject({
        id: order.payments[0].id,
        order_id: order.id,
        state: 'completed',
        status: 'completed',
        amount: order.total,
        refunded_amount: '0.00',
        display_refunded_amount: '$0.00',
        payment_method_type: 'test_card',
        source: { brand: 'visa', last_digits: '4242' },
      });
      const shown = await admin.call('GET', paymentsPath(order.id, `/${payment.id}`));
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(payment);
    });

    it('404s a payment of another order, an unknown id, and another store’s order', async () => {
      const another = await scenario.placed('check');
      expectError(
        await admin.call('GET', paymentsPath(order.id, `/${another.payments[0].id}`)),
        404,
        'record_not_found',
      );
      expectError(
        await admin.call('GET', paymentsPath(order.id, '/py_doesnotexist1')),
        404,
        'record_not_found',
      );
      const foreign = await otherScenario.placed('check');
      expectError(await admin.call('GET', paymentsPath(foreign.id)), 404, 'record_not_found');
      expectError(
        await admin.call('GET', paymentsPath(foreign.id, `/${foreign.payments[0].id}`)),
        404,
        'record_not_found',
      );
      expectError(
        await admin.call('PATCH', paymentsPath(foreign.id, `/${foreign.payments[0].id}/void`)),
        404,
        'record_not_found',
      );
      expect(await scenario.payment(another.payments[0].id)).toMatchObject({ state: 'pending' });
      expect((await otherScenario.payment(foreign.payments[0].id)).state).toBe('pending');
    });

    it('refuses callers without the payments scope: keys and staff alike', async () => {
      const readOrders = await issueSecretKey(t, shop, ['read_orders', 'write_orders']);
      const details = expectError(
        await admin.call('GET', paymentsPath(order.id), asKey(readOrders)),
        403,
        'access_denied',
      );
      expect(details).toEqual({ required_scope: 'read_payments' });
      const readPayments = await issueSecretKey(t, shop, ['read_payments']);
      expect((await admin.call('GET', paymentsPath(order.id), asKey(readPayments))).status).toBe(
        200,
      );
      expect(
        expectError(
          await admin.call('POST', paymentsPath(order.id), {
            ...asKey(readPayments),
            json: { payment_method_id: await scenario.methodId('check') },
          }),
          403,
          'access_denied',
        ),
      ).toEqual({ required_scope: 'write_payments' });
      expectError(
        await admin.call('GET', paymentsPath(order.id), await asStaff(['read_orders'])),
        403,
        'access_denied',
      );
      expectError(
        await admin.call(
          'PATCH',
          paymentsPath(order.id, `/${order.payments[0].id}/void`),
          await asStaff(['read_payments']),
        ),
        403,
        'access_denied',
      );
      expect(
        (await admin.call('GET', paymentsPath(order.id), await asStaff(['read_payments']))).status,
      ).toBe(200);
    });
  });

  describe('void', () => {
    it('voids a pending check payment: the order keeps its balance due; events published', async () => {
      const order = await scenario.placed('check');
      const paymentId = order.payments[0].id;
      const before = await scenario.order(order.id);
      const response = await admin.call('PATCH', paymentsPath(order.id, `/${paymentId}/void`));
      expect(response.status).toBe(200);
      AdminPaymentSchema.parse(response.body);
      expect(response.body).toMatchObject({ id: paymentId, state: 'void', status: 'void' });
      expect(await scenario.payment(paymentId)).toMatchObject({ state: 'void' });
      expect(await scenario.order(order.id)).toMatchObject({
        payment_state: 'balance_due',
        payment_total: '0.00',
        state_lock_version: before.state_lock_version + 1,
      });
      const updates = await scenario.events('payment.updated', paymentId);
      expect(updates.map((payload) => payload.state)).toEqual(['pending', 'void']);
      const orderUpdates = await scenario.events('order.updated', order.id);
      expect(orderUpdates.at(-1)).toMatchObject({
        id: order.id,
        payment_state: 'balance_due',
        state_lock_version: before.state_lock_version + 1,
      });

      const again = expectError(
        await admin.call('PATCH', paymentsPath(order.id, `/${paymentId}/void`)),
        422,
        'resource_invalid',
      );
      expect(again).toEqual({ state: [expect.stringContaining('this one is void')] });
    });

    it('refuses to void a completed payment (refund it instead)', async () => {
      const order = await scenario.placed('test_card');
      const paymentId = order.payments[0].id;
      expectError(
        await admin.call('PATCH', paymentsPath(order.id, `/${paymentId}/void`)),
        422,
        'resource_invalid',
      );
      expect(await scenario.payment(paymentId)).toMatchObject({ state: 'completed' });
      expect((await scenario.order(order.id)).payment_state).toBe('paid');
    });

    it('answers 409 for a stale state_lock_version, changing nothing', async () => {
      const order = await scenario.placed('check');
      const { state_lock_version: version } = await scenario.order(order.id);
      const response = await admin.call(
        'PATCH',
        paymentsPath(order.id, `/${order.payments[0].id}/void`),
        { json: { state_lock_version: version - 1 } },
      );
      expectError(response, 409, 'order_already_updated');
      expect((await scenario.payment(order.payments[0].id)).state).toBe('pending');
    });
  });

  describe('adding a payment to a placed order', () => {
    it('authorizes a card for the balance due (pending), then refuses more than is due', async () => {
      const order = await scenario.withBalanceDue();
      const response = await admin.call('POST', paymentsPath(order.id), {
        json: { payment_method_id: await scenario.methodId('test_card'), source: CARDS.approved },
      });
      expect(response.status).toBe(201);
      AdminPaymentSchema.parse(response.body);
      expect(response.body).toMatchObject({
        order_id: order.id,
        state: 'pending',
        amount: order.total,
        source: { last_digits: '4242' },
        response_code: expect.stringMatching(/^test_/),
      });
      expect(await scenario.payment(response.body.id)).toMatchObject({
        state: 'pending',
        amount: order.total,
      });
      // Authorized is not paid.
      expect(await scenario.order(order.id)).toMatchObject({
        payment_state: 'balance_due',
        payment_total: '0.00',
      });
      const [created] = await scenario.events('payment.created', response.body.id);
      expect(created).toMatchObject({ id: response.body.id, state: 'pending' });
      expect(JSON.stringify(await scenario.payment(response.body.id))).not.toContain('4242424242');

      // The pending authorization covers the balance: nothing more is due.
      expect(
        expectError(
          await admin.call('POST', paymentsPath(order.id), {
            json: { payment_method_id: await scenario.methodId('check') },
          }),
          422,
          'resource_invalid',
        ),
      ).toEqual({ amount: [expect.any(String)] });
    });

    it('takes a partial amount by check, and refuses an amount above the balance', async () => {
      const order = await scenario.withBalanceDue();
      const check = await scenario.methodId('check');
      const over = expectError(
        await admin.call('POST', paymentsPath(order.id), {
          json: { payment_method_id: check, amount: '100000.00' },
        }),
        422,
        'validation_error',
      );
      expect(over).toEqual({ amount: [expect.stringContaining(order.total)] });
      const response = await admin.call('POST', paymentsPath(order.id), {
        json: { payment_method_id: check, amount: '1.50' },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ state: 'pending', amount: '1.50', source: null });
      expect(await scenario.paymentsOf(order.id)).toEqual([`void ${order.total}`, 'pending 1.50']);
    });

    it('validates the body: method, amount, card', async () => {
      const order = await scenario.withBalanceDue();
      const unknown = expectError(
        await admin.call('POST', paymentsPath(order.id), {
          json: { payment_method_id: 'pm_doesnotexist1' },
        }),
        404,
        'record_not_found',
      );
      expect(unknown).toEqual({ payment_method_id: ['does not exist'] });
      expect(
        Object.keys(
          expectError(
            await admin.call('POST', paymentsPath(order.id), { json: { amount: 'ten' } }),
            422,
            'validation_error',
          )!,
        ).sort(),
      ).toEqual(['amount', 'payment_method_id']);
      expectError(
        await admin.call('POST', paymentsPath(order.id), {
          json: { payment_method_id: await scenario.methodId('check'), amount: '0' },
        }),
        422,
        'validation_error',
      );
      expectError(
        await admin.call('POST', paymentsPath(order.id), {
          json: { payment_method_id: await scenario.methodId('store_credit') },
        }),
        422,
        'validation_error',
      );
      const card = expectError(
        await admin.call('POST', paymentsPath(order.id), {
          json: {
            payment_method_id: await scenario.methodId('test_card'),
            source: { ...CARDS.approved, number: '4242424242424241' },
          },
        }),
        422,
        'validation_error',
      );
      expect(Object.keys(card!)).toEqual(['source.number']);
      expect(await scenario.paymentsOf(order.id)).toEqual([`void ${order.total}`]);
    });

    it('records a declined card as failed: 422 payment_failed naming the payment', async () => {
      const order = await scenario.withBalanceDue();
      const response = await admin.call('POST', paymentsPath(order.id), {
        json: { payment_method_id: await scenario.methodId('test_card'), source: CARDS.declined },
      });
      const details = expectError(response, 422, 'payment_failed');
      const [paymentId] = details!.payment_id as string[];
      expect(await scenario.payment(paymentId)).toMatchObject({
        state: 'failed',
        failure_message: 'The card was declined',
      });
      expect(await scenario.order(order.id)).toMatchObject({
        payment_state: 'failed',
        payment_total: '0.00',
      });
      expect(await scenario.events('payment.created', paymentId)).toHaveLength(1);
    });

    it('answers a processor error with 422 gateway_error, recording the failed attempt', async () => {
      const order = await scenario.withBalanceDue();
      const response = await admin.call('POST', paymentsPath(order.id), {
        json: {
          payment_method_id: await scenario.methodId('test_card'),
          source: CARDS.gatewayError,
        },
      });
      const details = expectError(response, 422, 'gateway_error');
      expect((await scenario.payment((details!.payment_id as string[])[0])).state).toBe('failed');
    });

    it('answers a gateway that does not answer with 422 payment_processing_error, recording nothing', async () => {
      const order = await scenario.withBalanceDue();
      const before = await scenario.order(order.id);
      const events = await scenario.eventCount();
      const response = await admin.call('POST', paymentsPath(order.id), {
        json: { payment_method_id: await scenario.methodId('test_card'), source: UNREACHABLE_CARD },
      });
      expectError(response, 422, 'payment_processing_error');
      expect(await scenario.paymentsOf(order.id)).toEqual([`void ${order.total}`]);
      expect(await scenario.order(order.id)).toEqual(before);
      expect(await scenario.eventCount()).toBe(events);
    });

    it('refuses a canceled order', async () => {
      const order = await scenario.placed('check');
      expect((await admin.call('PATCH', `/orders/${order.id}/cancel`)).status).toBe(200);
      expectError(
        await admin.call('POST', paymentsPath(order.id), {
          json: { payment_method_id: await scenario.methodId('check') },
        }),
        422,
        'cart_invalid_state',
      );
    });
  });

  describe('adding a payment to a draft', () => {
    it('adds a payment in state checkout, charged when the draft is placed', async () => {
      const draft = await admin.call('POST', '/orders', {
        json: {
          email: uniqueEmail('draft'),
          items: [{ variant_id: scenario.variant.id, quantity: 1 }],
        },
      });
      expect(draft.status).toBe(201);
      const response = await admin.call('POST', paymentsPath(draft.body.id), {
        json: { payment_method_id: await scenario.methodId('check') },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ state: 'checkout', order_id: draft.body.id });
      expect(await scenario.paymentsOf(draft.body.id)).toEqual([`checkout ${draft.body.total}`]);
      // Not captured yet: a checkout payment cannot be captured, only voided.
      expectError(
        await admin.call('PATCH', paymentsPath(draft.body.id, `/${response.body.id}/capture`)),
        422,
        'resource_invalid',
      );
      const voided = await admin.call(
        'PATCH',
        paymentsPath(draft.body.id, `/${response.body.id}/void`),
      );
      expect(voided.body).toMatchObject({ state: 'void' });
      expect((await scenario.order(draft.body.id)).payment_state).toBeNull();
    });
  });

  describe('capture', () => {
    it('captures the whole authorization: the order is paid, its shipment ready', async () => {
      const order = await scenario.withBalanceDue();
      expect((await scenario.order(order.id)).shipment_state).toBe('pending');
      const payment = await scenario.authorized(order);
      const response = await admin.call('PATCH', paymentsPath(order.id, `/${payment.id}/capture`));
      expect(response.status).toBe(200);
      AdminPaymentSchema.parse(response.body);
      expect(response.body).toMatchObject({
        id: payment.id,
        state: 'completed',
        amount: order.total,
        response_code: payment.response_code,
      });
      expect(await scenario.payment(payment.id)).toMatchObject({
        state: 'completed',
        amount: order.total,
      });
      expect(await scenario.order(order.id)).toMatchObject({
        payment_state: 'paid',
        payment_total: order.total,
        shipment_state: 'ready',
      });
      expect(await scenario.events('payment.paid', payment.id)).toHaveLength(1);
      expect((await scenario.events('payment.updated', payment.id)).at(-1)).toMatchObject({
        state: 'completed',
      });
      expect((await scenario.events('order.updated', order.id)).at(-1)).toMatchObject({
        payment_state: 'paid',
        payment_total: order.total,
      });
      expectError(
        await admin.call('PATCH', paymentsPath(order.id, `/${payment.id}/capture`)),
        422,
        'resource_invalid',
      );
    });

    it('captures part of it: the payment keeps what was taken, the order a balance due', async () => {
      const order = await scenario.withBalanceDue(2);
      const payment = await scenario.authorized(order);
      const over = expectError(
        await admin.call('PATCH', paymentsPath(order.id, `/${payment.id}/capture`), {
          json: { amount: '100000' },
        }),
        422,
        'validation_error',
      );
      expect(over).toEqual({ amount: [expect.stringContaining(order.total)] });
      expectError(
        await admin.call('PATCH', paymentsPath(order.id, `/${payment.id}/capture`), {
          json: { amount: '1.001' },
        }),
        422,
        'validation_error',
      );
      const response = await admin.call('PATCH', paymentsPath(order.id, `/${payment.id}/capture`), {
        json: { amount: '5.00' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ state: 'completed', amount: '5.00' });
      expect(await scenario.payment(payment.id)).toMatchObject({
        state: 'completed',
        amount: '5.00',
      });
      expect(await scenario.order(order.id)).toMatchObject({
        payment_state: 'balance_due',
        payment_total: '5.00',
        shipment_state: 'pending',
      });
    });

    it('captures a check payment once the money arrived', async () => {
      const order = await scenario.placed('check');
      const response = await admin.call(
        'PATCH',
        paymentsPath(order.id, `/${order.payments[0].id}/capture`),
      );
      expect(response.body).toMatchObject({ state: 'completed', amount: order.total });
      expect(await scenario.order(order.id)).toMatchObject({
        payment_state: 'paid',
        payment_total: order.total,
      });
    });

    it('answers a refused capture with 422 gateway_error, changing nothing', async () => {
      const order = await scenario.withBalanceDue();
      // The test gateway refuses every capture of this card's authorizations, whatever the amount.
      const payment = await scenario.authorized(order, { source: FOLLOW_UP_CARDS.captureRefused });
      const before = await scenario.order(order.id);
      const events = await scenario.eventCount();
      const details = expectError(
        await admin.call('PATCH', paymentsPath(order.id, `/${payment.id}/capture`), {
          json: { amount: '1.00' },
        }),
        422,
        'gateway_error',
      );
      expect(details).toEqual({ payment_id: [payment.id] });
      expect(await scenario.payment(payment.id)).toMatchObject({
        state: 'pending',
        amount: order.total,
      });
      expect(await scenario.order(order.id)).toEqual(before);
      expect(await scenario.eventCount()).toBe(events);
      const keys = [
        keyOf(t, ID_PREFIX.order, order.id),
        keyOf(t, ID_PREFIX.payment, payment.id),
      ] as const;
      expect(await operationsOf(t, ...keys)).toEqual([
        { kind: 'capture', state: 'refused', amount: '1.00', gateway_calls: 1 },
      ]);
    });

    it('answers a lost answer with 422 payment_processing_error; recovery then settles the capture once', async () => {
      const order = await scenario.withBalanceDue();
      // The test gateway takes this card's captures but the answer never arrives.
      const payment = await scenario.authorized(order, { source: FOLLOW_UP_CARDS.captureLost });
      const before = await scenario.order(order.id);
      const stored = await scenario.payment(payment.id);
      const events = await scenario.eventCount();
      expectError(
        await admin.call('PATCH', paymentsPath(order.id, `/${payment.id}/capture`)),
        422,
        'payment_processing_error',
      );
      expect(await scenario.payment(payment.id)).toEqual(stored);
      expect(await scenario.order(order.id)).toEqual(before);
      expect(await scenario.eventCount()).toBe(events);
      const orderKey = keyOf(t, ID_PREFIX.order, order.id);
      const paymentKey = keyOf(t, ID_PREFIX.payment, payment.id);
      expect(await operationsOf(t, orderKey, paymentKey)).toEqual([
        { kind: 'capture', state: 'pending', amount: order.total, gateway_calls: 1 },
      ]);
      // Another operation on the payment meanwhile is refused rather than sent.
      expectError(
        await admin.call('PATCH', paymentsPath(order.id, `/${payment.id}/void`)),
        409,
        'order_already_updated',
      );

      await recoverOperations(t, orderKey);
      expect(await operationsOf(t, orderKey, paymentKey)).toEqual([
        { kind: 'capture', state: 'done', amount: order.total, gateway_calls: 1 },
      ]);
      expect(await scenario.payment(payment.id)).toMatchObject({
        state: 'completed',
        amount: order.total,
      });
      expect(await scenario.order(order.id)).toMatchObject({
        payment_state: 'paid',
        payment_total: order.total,
      });
    });
  });

  it('a storefront checkout with a card the gateway never answers for: 422 payment_processing_error, nothing placed', async () => {
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(scenario.variant.id, 1)).status).toBe(201);
    expect((await cart.address()).status).toBe(200);
    expect((await cart.payByCard(UNREACHABLE_CARD)).status).toBe(201);
    expectError(await cart.complete(), 422, 'payment_processing_error');
    const [row] = await t.dataSource.query('SELECT state, completed_at FROM orders WHERE id = $1', [
      keyOf(t, ID_PREFIX.cart, cart.id),
    ]);
    expect(row).toEqual({ state: expect.not.stringMatching(/^complete$/), completed_at: null });
    const payments = await t.dataSource.query('SELECT state FROM payments WHERE order_id = $1', [
      keyOf(t, ID_PREFIX.cart, cart.id),
    ]);
    expect(payments).toEqual([{ state: 'checkout' }]);
  });
});
