import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PaymentRecoverySweeper } from '../../src/modules/orders/payment-recovery.sweeper.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { FOLLOW_UP_CARDS, PaymentScenario } from '../helpers/admin-payments-fixtures.js';
import { CheckoutRecords, demoVariants } from '../helpers/checkout-fixtures.js';
import { untilEqual } from '../helpers/checkout-kill-burst.js';
import { AdminCaller } from '../helpers/customers-fixtures.js';
import { operationsOf, recoverOperations } from '../helpers/payment-operations-fixtures.js';
import {
  hasServers,
  type ServiceCluster,
  startServiceCluster,
} from '../helpers/service-cluster.js';
import type { ServiceProcess } from '../helpers/service-processes.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

/** Service processes start slowly on a busy machine. */
const TEST_TIMEOUT_MS = 300_000;
/** The test card approved 1.5 s after the gateway took it. */
const SLOW_CARD = { number: '4000000000006975', month: 12, year: 2099, verification_value: '123' };

/**
 * A capture, refund or authorization runs claim → gateway call → settle; the API process is killed (SIGKILL)
 * after the gateway did the operation and before the settling: the recovery sweep learns from
 * the gateway, by the operation's idempotency key, what it did, and settles it exactly once.
 * The operations go to a service process of their own on a scratch database, while the in-test
 * app (`control`, which sweeps only when asked) prepares the orders and reads what is stored.
 */
(hasServers ? describe : describe.skip)(
  'gateway operations cut off by a kill between the call and the settling (PostgreSQL + Redis)',
  () => {
    let cluster: ServiceCluster;
    let control: TestApp;
    let shop: DemoCredentials;
    let scenario: PaymentScenario;

    beforeAll(async () => {
      cluster = await startServiceCluster({ env: { DATABASE_POOL_SIZE: '4' } });
      control = cluster.control;
      shop = await control.seedStore();
      const [mug] = await demoVariants(control, shop, 'ceramic-coffee-mug');
      await new CheckoutRecords(control).setStock(mug.id, 1_000);
      scenario = new PaymentScenario(control, shop, new AdminCaller(control, shop), mug);
    }, TEST_TIMEOUT_MS);
    afterAll(() => cluster?.close());

    /** Sends an Admin API call to the process; undefined when the kill cut it off. */
    const send = (api: ServiceProcess, method: string, path: string, json: unknown = {}) =>
      fetch(`${api.url}/api/v3/admin${path}`, {
        method,
        headers: { 'x-store-api-key': shop.secret_key, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      }).catch(() => undefined);

    /**
     * Sends the operation to a new API process and kills it once the gateway did the operation
     * (the slow card answers 1.5 s after doing it): the request gets no answer.
     */
    const killedDuring = async (
      kind: string,
      orderKey: string,
      paymentKey: string | undefined,
      send: (api: ServiceProcess) => Promise<Response | undefined>,
    ) => {
      const api = await cluster.start('api', { PROCESS_ROLE: 'api', LOG_LEVEL: 'warn' });
      const answer = send(api);
      await untilEqual(
        async () =>
          (await operationsOf(control, orderKey, paymentKey))
            .filter((operation) => operation.state === 'pending')
            .map((operation) => [operation.kind, operation.gateway_calls]),
        [[kind, 1]],
        20_000,
      );
      await api.kill('SIGKILL');
      expect(await answer).toBeUndefined();
    };

    const eventCount = async (name: string, subject: string): Promise<number> =>
      (
        await control.dataSource.query(
          `SELECT count(*)::int AS count FROM events WHERE name = $1 AND payload->>'id' = $2`,
          [name, subject],
        )
      )[0].count;

    it(
      'a capture: the payment is captured once, the gateway asked once, nothing left claimed',
      async () => {
        const order = await scenario.withBalanceDue();
        const payment = await scenario.authorized(order, {
          source: FOLLOW_UP_CARDS.slowFollowUps,
        });
        const orderKey = keyOf(control, ID_PREFIX.order, order.id);
        const paymentKey = keyOf(control, ID_PREFIX.payment, payment.id);
        await killedDuring('capture', orderKey, paymentKey, (api) =>
          send(api, 'PATCH', `/orders/${order.id}/payments/${payment.id}/capture`),
        );
        expect(await scenario.payment(payment.id)).toMatchObject({ state: 'pending' });

        await recoverOperations(control, orderKey);
        expect(await operationsOf(control, orderKey, paymentKey)).toEqual([
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
        expect(await eventCount('payment.paid', payment.id)).toBe(1);
        // Nothing is left for a later sweep.
        expect(await control.app.get(PaymentRecoverySweeper).sweepOnce('0 seconds')).toBe(0);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'a refund: recorded once, the gateway asked once, the order owes what is left',
      async () => {
        const order = await scenario.placed('test_card', 1, FOLLOW_UP_CARDS.slowFollowUps);
        const payment = order.payments[0];
        const orderKey = keyOf(control, ID_PREFIX.order, order.id);
        const paymentKey = keyOf(control, ID_PREFIX.payment, payment.id);
        await killedDuring('refund', orderKey, paymentKey, (api) =>
          send(api, 'POST', `/orders/${order.id}/refunds`, {
            payment_id: payment.id,
            amount: '3.00',
          }),
        );
        const refundsOf = () =>
          control.dataSource.query(
            `SELECT amount::numeric(20,2)::text AS amount, transaction_id FROM refunds
             WHERE payment_id = $1`,
            [paymentKey],
          );
        expect(await refundsOf()).toEqual([]);

        await recoverOperations(control, orderKey);
        expect(await operationsOf(control, orderKey, paymentKey)).toEqual([
          { kind: 'refund', state: 'done', amount: '3.00', gateway_calls: 1 },
        ]);
        expect(await refundsOf()).toEqual([
          { amount: '3.00', transaction_id: expect.stringMatching(/^test_/) },
        ]);
        expect(await scenario.order(order.id)).toMatchObject({ payment_state: 'balance_due' });
        expect(await control.app.get(PaymentRecoverySweeper).sweepOnce('0 seconds')).toBe(0);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'an authorization of a new payment: the payment is made once, pending, the gateway asked once',
      async () => {
        const order = await scenario.withBalanceDue();
        const orderKey = keyOf(control, ID_PREFIX.order, order.id);
        const methodId = await scenario.methodId('test_card');
        await killedDuring('authorize', orderKey, undefined, (api) =>
          send(api, 'POST', `/orders/${order.id}/payments`, {
            payment_method_id: methodId,
            source: SLOW_CARD,
          }),
        );
        expect(await scenario.paymentsOf(order.id)).toEqual([`void ${order.total}`]);

        await recoverOperations(control, orderKey);
        const authorizations = (await operationsOf(control, orderKey)).filter(
          (operation) => operation.kind === 'authorize',
        );
        expect(authorizations).toEqual([
          { kind: 'authorize', state: 'done', amount: order.total, gateway_calls: 1 },
        ]);
        expect(await scenario.paymentsOf(order.id)).toEqual([
          `void ${order.total}`,
          `pending ${order.total}`,
        ]);
        expect(await control.app.get(PaymentRecoverySweeper).sweepOnce('0 seconds')).toBe(0);
      },
      TEST_TIMEOUT_MS,
    );
  },
);
