import { randomBytes } from 'node:crypto';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PaymentRecoverySweeper } from '../../src/modules/orders/payment-recovery.sweeper.js';
import { MAX_STALLED_RUNS } from '../../src/platform/queue/queue.module.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CartClient, CheckoutRecords, demoVariants } from '../helpers/checkout-fixtures.js';
import {
  BurstShopper,
  planKills,
  seededRandom,
  ServiceFleet,
  type Unexpected,
  untilEqual,
} from '../helpers/checkout-kill-burst.js';
import {
  hasServers,
  type ServiceCluster,
  startServiceCluster,
} from '../helpers/service-cluster.js';
import type { TestApp } from '../helpers/test-app.js';
import { WebhookAdmin } from '../helpers/webhook-admin.js';
import { WebhookLedger } from '../helpers/webhook-ledger.js';

/**
 * `kill -9` of API and worker processes at random points of a burst of guest card checkouts,
 * with a webhook endpoint listening: once the recovery sweep has finished what the crashes left,
 * no order is half written, no card payment is captured for an order that was not placed, no
 * order.completed event is lost, and every POST the receiver got has its delivery attempt.
 * KILL_BURST_SEED replays a burst's kill plan (each run prints its seed).
 */

const CHECKOUTS = 300;
const SHOPPERS_AT_ONCE = 12;
const API_SLOTS = 2;
const PATH = '/orders';
const EVENTS = ['order.completed', 'payment.paid'];
/** Carts whose payments the killed process of the second test holds. */
const HELD_CARTS = 6;
/** The test card the gateway approves only after 1.5 s. */
const SLOW_CARD = { number: '4000000000006975', month: 12, year: 2099, verification_value: '123' };
/** How soon after a kill a cart whose payment the killed process held can be completed. */
const RECOVERABLE_MS = 30_000;
/** Service processes start slowly on a busy machine. */
const TEST_TIMEOUT_MS = 300_000;

const SEED = Number(process.env.KILL_BURST_SEED ?? randomBytes(4).readUInt32BE(0));

// Separate processes share work only through PostgreSQL and Redis servers (CI sets DATABASE_URL
// and REDIS_URL): without both, the embedded database and in-process queues serve one process, and
// this file is skipped.
(hasServers ? describe : describe.skip)(
  'card checkouts while API and worker processes are killed (PostgreSQL + Redis)',
  () => {
    let cluster: ServiceCluster;
    let control: TestApp;
    let ledger: WebhookLedger;

    beforeAll(async () => {
      [cluster, ledger] = await Promise.all([
        startServiceCluster({
          env: {
            RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE: '1000000',
            RATE_LIMIT_SECRET_KEY_PER_MINUTE: '1000000',
            // Four processes and the control app side by side stay well within the server's
            // connections.
            DATABASE_POOL_SIZE: '6',
          },
          // The stalled jobs of a killed worker are sent back to wait through this handle, as a
          // live worker's check would do: with the service's bound on how often a job may stall.
          queueSettings: { maxStalledCount: MAX_STALLED_RUNS },
        }),
        WebhookLedger.start(),
      ]);
      // Also runs the recovery sweep (see the test).
      control = cluster.control;
    }, TEST_TIMEOUT_MS);

    afterAll(async () => {
      await cluster?.close();
      await ledger?.close();
    });

    /** The store's order.completed and payment.paid events: id, name, order id, relayed. */
    const storedEvents = async (storeKey: string) =>
      (await control.dataSource.query(
        `SELECT id::text AS id, name, payload->>'id' AS subject, payload->>'order_id' AS order_id,
                NOT EXISTS (SELECT 1 FROM event_outbox WHERE event_id = events.id) AS relayed
         FROM events WHERE store_id = $1 AND name = ANY($2)`,
        [storeKey, EVENTS],
      )) as { id: string; name: string; subject: string; order_id: string; relayed: boolean }[];

    /** Attempts recorded per envelope id for the endpoint, and how many are still in flight. */
    const attempts = async (endpointKey: string) => {
      const rows: { event: string; attempts: number; succeeded: number; in_flight: number }[] =
        await control.dataSource.query(
          `SELECT event_id::text AS event, count(*)::int AS attempts,
                  (count(*) FILTER (WHERE status = 'succeeded'))::int AS succeeded,
                  (count(*) FILTER (WHERE status = 'in_flight'))::int AS in_flight
           FROM webhook_deliveries WHERE endpoint_id = $1 GROUP BY event_id`,
          [endpointKey],
        );
      return new Map(rows.map((row) => [row.event, row]));
    };

    it(
      `${CHECKOUTS} checkouts, ${SHOPPERS_AT_ONCE} at a time, with SIGKILLs: nothing half written, captured without an order, lost or sent unrecorded`,
      async () => {
        const started = Date.now();
        const random = seededRandom(SEED);
        const shop: DemoCredentials = await control.seedStore();
        const records = new CheckoutRecords(control);
        const storeKey = records.key(ID_PREFIX.store, shop.store_id);
        const variants = [
          ...(await demoVariants(control, shop, 'ceramic-coffee-mug')),
          ...(await demoVariants(control, shop)).slice(0, 2),
        ];
        const initialStock = new Map<string, number>();
        for (const variant of variants) {
          await records.setStock(variant.id, 1_000);
          initialStock.set(records.key(ID_PREFIX.variant, variant.id), 1_000);
        }
        const hooks = new WebhookAdmin(control, shop);
        const { endpoint, secret } = await hooks.create({
          url: ledger.url(PATH),
          subscriptions: EVENTS,
        });
        const probe = new CartClient(control, shop);
        await probe.create();
        const paymentMethodId = await probe.paymentMethodId('test_card');

        const plan = planKills(random, {
          apiKills: 2 + Math.floor(random() * 2),
          workerKills: 2 + Math.floor(random() * 2),
          apiSlots: API_SLOTS,
          // At least five requests a checkout: the kills all fall inside the burst.
          requests: CHECKOUTS * 5,
        });
        process.stdout.write(
          `kill burst seed ${SEED} (KILL_BURST_SEED=${SEED} replays it): ${plan
            .map(
              (kill) =>
                `${kill.target === 'api' ? `api ${kill.slot}` : 'worker'} after request ${kill.afterRequests}`,
            )
            .join(', ')}\n`,
        );
        // Answers take a moment, so that a worker's kill finds POSTs at the receiver.
        ledger.delayMs = 20;
        const fleet = await ServiceFleet.start(
          cluster.build,
          cluster.env,
          cluster.webhooksQueue,
          API_SLOTS,
        );
        const unexpected: Unexpected[] = [];
        const shoppers = Array.from(
          { length: CHECKOUTS },
          (_, index) =>
            new BurstShopper(
              index,
              fleet,
              shop.publishable_key,
              paymentMethodId,
              {
                variantId: variants[Math.floor(random() * variants.length)].id,
                quantity: 1 + Math.floor(random() * 2),
              },
              unexpected,
            ),
        );

        // The burst: shoppers SHOPPERS_AT_ONCE at a time, the kill plan alongside.
        let next = 0;
        let finished = false;
        const chaos = fleet.chaos(
          plan,
          () => finished,
          () => ledger.inFlight > 0,
        );
        await Promise.all(
          Array.from({ length: SHOPPERS_AT_ONCE }, async () => {
            while (next < shoppers.length) {
              await shoppers[next++].run();
            }
          }),
        );
        finished = true;
        const burstMs = Date.now() - started;
        await chaos;
        await fleet.settled();
        expect(fleet.killed.map((kill) => kill.target)).toEqual(
          plan.map((kill) => (kill.target === 'api' ? `api ${kill.slot}` : 'worker')),
        );

        // Every shopper completed, each without a conflict: a completion whose payment a killed
        // process held was answered once the dead holder's claim was taken over, within
        // RECOVERABLE_MS of the kill that cut it off.
        expect(unexpected).toEqual([]);
        const cutOff = shoppers.filter((shopper) => shopper.completionCutOffAt !== undefined);
        const recoveryMs = cutOff.map(
          (shopper) => shopper.completedAt! - killBefore(fleet, shopper.completionCutOffAt!),
        );
        expect(recoveryMs.filter((ms) => !(ms <= RECOVERABLE_MS))).toEqual([]);

        // What no shopper came back for (a placed order whose capture a kill cut off) is the
        // sweep's once its holder's lease ran out; no request runs any more.
        const sweeper = control.app.get(PaymentRecoverySweeper);
        let swept = 0;
        const held = async () => {
          swept += await sweeper.sweepOnce('0 seconds');
          return (
            await control.dataSource.query(
              `SELECT count(*)::int AS held FROM payments WHERE store_id = $1 AND state = 'processing'`,
              [storeKey],
            )
          )[0].held as number;
        };
        await untilEqual(held, 0, 60_000);

        const recoveredMs = Date.now() - started;
        // Settled: every event relayed, no delivery job left to run or given up on, no attempt in
        // flight. (A job the queue gave up on, as it does with one that stalled too often, would
        // leave its event undelivered.)
        const endpointKey = hooks.key(endpoint.id);
        const deliveryState = async () => {
          const stored = await storedEvents(storeKey);
          const jobs = await cluster.webhooksQueue.getJobCounts();
          const failed = await cluster.webhooksQueue.getFailed();
          const recorded = await attempts(endpointKey);
          return {
            events: stored.length,
            unrelayed: stored.filter((event) => !event.relayed).length,
            jobsToRun: jobs.active + jobs.waiting + jobs.delayed,
            jobsFailed: failed.map((job) => `${job.id}: ${job.failedReason}`),
            inFlight: [...recorded.values()].filter((row) => row.in_flight > 0).length,
          };
        };
        const settledState = {
          events: CHECKOUTS * EVENTS.length,
          unrelayed: 0,
          jobsToRun: 0,
          jobsFailed: [],
          inFlight: 0,
        };
        await untilEqual(deliveryState, settledState, 60_000);

        const deliveredMs = Date.now() - started;
        // Receipts first, then the rows: an attempt is committed before its POST leaves.
        const received = ledger.countsAt(PATH);
        const recorded = await attempts(endpointKey);
        const events = await storedEvents(storeKey);

        // Every shopper's order placed, with exactly its one line.
        const orderKeys = shoppers.map((shopper) => records.key(ID_PREFIX.cart, shopper.cartId));
        const lines: { order: string; variant: string; quantity: number }[] =
          await control.dataSource.query(
            `SELECT order_id::text AS order, variant_id::text AS variant, quantity
             FROM line_items WHERE order_id = ANY($1::bigint[])`,
            [orderKeys],
          );
        expect(lines.sort((a, b) => Number(a.order) - Number(b.order))).toEqual(
          shoppers
            .map((shopper, index) => ({
              order: orderKeys[index],
              variant: records.key(ID_PREFIX.variant, shopper.plan.variantId),
              quantity: shopper.plan.quantity,
            }))
            .sort((a, b) => Number(a.order) - Number(b.order)),
        );

        // No half-written order: each placed one has its lines, shipments and captured payments
        // covering its total; and the store has no other placed order.
        const placed: Record<string, unknown>[] = await control.dataSource.query(
          `SELECT o.id::text AS id, o.state, o.completed_at IS NOT NULL AS has_completed_at,
                  o.payment_state, o.shipment_state,
                  o.total::numeric(20,2)::text AS total,
                  o.payment_total::numeric(20,2)::text AS payment_total,
                  (SELECT COALESCE(sum(p.amount), 0) FROM payments p
                   WHERE p.order_id = o.id AND p.state = 'completed')::numeric(20,2)::text AS captured,
                  (SELECT count(*) FROM line_items li WHERE li.order_id = o.id)::int AS lines,
                  (SELECT count(*) FROM shipments s WHERE s.order_id = o.id AND s.state = 'ready')::int
                    AS ready_shipments
           FROM orders o WHERE o.store_id = $1 AND (o.state = 'complete' OR o.completed_at IS NOT NULL)`,
          [storeKey],
        );
        expect(placed.map((order) => order.id).sort()).toEqual([...orderKeys].sort());
        const halfWritten = placed.filter(
          (order) =>
            order.state !== 'complete' ||
            !order.has_completed_at ||
            order.payment_state !== 'paid' ||
            order.shipment_state !== 'ready' ||
            order.captured !== order.total ||
            order.payment_total !== order.total ||
            order.lines !== 1 ||
            (order.ready_shipments as number) < 1,
        );
        expect(halfWritten).toEqual([]);

        // Stock taken exactly once per line.
        const stock: { variant: string; on_hand: number; sold: number }[] =
          await control.dataSource.query(
            `SELECT si.variant_id::text AS variant, sum(si.count_on_hand)::int AS on_hand,
                    (SELECT COALESCE(sum(li.quantity), 0) FROM line_items li
                     JOIN orders o ON o.id = li.order_id
                     WHERE li.variant_id = si.variant_id AND o.state = 'complete')::int AS sold
             FROM stock_items si WHERE si.variant_id = ANY($1::bigint[]) GROUP BY si.variant_id`,
            [[...initialStock.keys()]],
          );
        expect(
          stock.map((row) => ({ variant: row.variant, taken: 1_000 - row.on_hand })).sort(),
        ).toEqual(stock.map((row) => ({ variant: row.variant, taken: row.sold })).sort());
        expect(stock.reduce((sum, row) => sum + row.sold, 0)).toBe(
          shoppers.reduce((sum, shopper) => sum + shopper.plan.quantity, 0),
        );

        // Nothing in a transitional state; no payment captured (or authorized and kept) for an
        // order that was not placed.
        const [leftovers]: { processing: number; captured_unplaced: number }[] =
          await control.dataSource.query(
            `SELECT (count(*) FILTER (WHERE p.state = 'processing'))::int AS processing,
                    (count(*) FILTER (WHERE p.state IN ('completed', 'pending')
                                      AND o.state <> 'complete'))::int AS captured_unplaced
             FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.store_id = $1`,
            [storeKey],
          );
        expect(leftovers).toEqual({ processing: 0, captured_unplaced: 0 });

        // No lost event: one order.completed and one payment.paid per placed order, each received.
        const completedFor = events
          .filter((event) => event.name === 'order.completed')
          .map((event) => event.subject)
          .sort();
        expect(completedFor).toEqual(shoppers.map((shopper) => shopper.orderId).sort());
        const paidFor = events
          .filter((event) => event.name === 'payment.paid')
          .map((event) => event.order_id)
          .sort();
        expect(paidFor).toEqual(shoppers.map((shopper) => shopper.orderId).sort());
        const lost = events.filter((event) => !received.has(event.id));
        expect(lost).toEqual([]);

        // Every POST the receiver got has its attempt; every event has its succeeded one.
        const unrecorded = [...received]
          .map(([event, receipts]) => ({
            event,
            receipts,
            attempts: recorded.get(event)?.attempts ?? 0,
          }))
          .filter((count) => count.receipts > count.attempts);
        expect(unrecorded).toEqual([]);
        expect(
          events
            .map((event) => ({
              event: event.id,
              receipts: received.get(event.id),
              ...recorded.get(event.id),
            }))
            .filter((count) => count.succeeded !== 1),
        ).toEqual([]);
        expect([...recorded.values()].filter((row) => row.in_flight > 0)).toEqual([]);
        expect(ledger.forgedAt(PATH, secret)).toEqual([]);

        await fleet.stop();
        const duplicates = [...received.values()].filter((receipts) => receipts > 1).length;
        const interrupted = [...recorded.values()].reduce(
          (sum, row) => sum + row.attempts - row.succeeded,
          0,
        );
        process.stdout.write(
          `kill burst seed ${SEED}: ${fleet.killed.length} kills (${fleet.killed
            .map((kill) => `${kill.target} @${kill.afterRequests}`)
            .join(
              ', ',
            )}), ${fleet.sent} requests (${fleet.cutOff} cut off), ${cutOff.length} completions cut off (completed ${recoveryMs.join('/')} ms after their kill), ` +
            `${swept} payments swept, ${placed.length} orders placed, ${events.length} events, ` +
            `${ledger.at(PATH).length} POSTs received (${duplicates} ids twice), ` +
            `${interrupted} attempts not succeeded; processes ready in ${fleet.startMs.join('/')} ms; burst over at ${burstMs} ms, recovered at ` +
            `${recoveredMs} ms, delivered at ${deliveredMs} ms, checked at ${Date.now() - started} ms\n`,
        );
      },
      TEST_TIMEOUT_MS,
    );

    it(
      `carts whose card payments a killed API process held complete within ${RECOVERABLE_MS / 1000} s of the kill, each charged once`,
      async () => {
        const shop: DemoCredentials = await control.seedStore();
        const records = new CheckoutRecords(control);
        const [mug] = await demoVariants(control, shop, 'ceramic-coffee-mug');
        await records.setStock(mug.id, 1_000);
        const carts: CartClient[] = [];
        for (let index = 0; index < HELD_CARTS; index += 1) {
          const cart = new CartClient(control, shop);
          await cart.create();
          expect((await cart.addItem(mug.id, 1)).status).toBe(201);
          expect((await cart.address()).status).toBe(200);
          // Authorized after 1.5 s: the kill lands while the process holds every payment.
          expect((await cart.payByCard(SLOW_CARD)).status).toBe(201);
          carts.push(cart);
        }
        const keys = carts.map((cart) => records.key(ID_PREFIX.cart, cart.id));
        const fleet = await ServiceFleet.start(
          cluster.build,
          cluster.env,
          cluster.webhooksQueue,
          API_SLOTS,
        );
        const complete = (cart: CartClient, slot: number) =>
          fleet.request('POST', `/carts/${cart.id}/complete`, cart.headers(), undefined, slot);
        const heldPayments = async () =>
          (
            await control.dataSource.query(
              `SELECT count(*)::int AS held FROM payments
               WHERE order_id = ANY($1::bigint[]) AND state = 'processing'`,
              [keys],
            )
          )[0].held as number;

        const cutOff = carts.map((cart) => complete(cart, 0));
        await untilEqual(heldPayments, HELD_CARTS, 30_000);
        const killedAt = Date.now();
        await fleet.restartApi(0);
        expect((await Promise.all(cutOff)).filter((answer) => answer !== undefined)).toEqual([]);

        // Completed again through the other process, at once, without waiting for any sweep.
        const answers = await Promise.all(
          carts.map(async (cart) => {
            const answer = await complete(cart, 1);
            return { answer, afterKillMs: Date.now() - killedAt };
          }),
        );
        expect(
          answers.map(({ answer }) => ({
            status: answer?.status,
            state: answer?.body.state,
            payment_state: answer?.body.payment_state,
          })),
        ).toEqual(carts.map(() => ({ status: 200, state: 'complete', payment_state: 'paid' })));
        expect(
          answers
            .filter(({ afterKillMs }) => !(afterKillMs <= RECOVERABLE_MS))
            .map((a) => a.afterKillMs),
        ).toEqual([]);

        // Each order placed once, with one payment captured once: the claim the killed process
        // held was given back (its authorization, if it got one, voided) before the card was
        // authorized anew.
        const orders: Record<string, unknown>[] = await control.dataSource.query(
          `SELECT o.id::text AS id, o.state, o.payment_state,
                  o.payment_total::numeric(20,2)::text = o.total::numeric(20,2)::text AS paid_in_full,
                  (SELECT count(*) FROM state_changes sc WHERE sc.order_id = o.id
                   AND sc.name = 'order' AND sc.next_state = 'complete')::int AS times_completed,
                  (SELECT array_agg(p.state ORDER BY p.id) FROM payments p WHERE p.order_id = o.id)
                    AS payments,
                  (SELECT array_agg(sc.previous_state || '>' || sc.next_state ORDER BY sc.id)
                   FROM state_changes sc WHERE sc.order_id = o.id AND sc.name = 'payment')
                    AS payment_history
           FROM orders o WHERE o.id = ANY($1::bigint[]) ORDER BY o.id`,
          [keys],
        );
        expect(orders).toEqual(
          [...keys]
            .sort((a, b) => Number(a) - Number(b))
            .map((id) => ({
              id,
              state: 'complete',
              payment_state: 'paid',
              paid_in_full: true,
              times_completed: 1,
              payments: ['completed'],
              payment_history: [
                'checkout>processing',
                'processing>checkout',
                'checkout>processing',
                'processing>completed',
              ],
            })),
        );
        expect(await records.stock(mug.id)).toBe(1_000 - HELD_CARTS);
        await fleet.stop();
        process.stdout.write(
          `held carts completed ${answers.map((a) => a.afterKillMs).join('/')} ms after the kill\n`,
        );
      },
      TEST_TIMEOUT_MS,
    );
  },
);

/** When the last kill before `moment` happened (a request it cut off failed right after it). */
function killBefore(fleet: ServiceFleet, moment: number): number {
  const kills = fleet.killed.filter((kill) => kill.at <= moment).map((kill) => kill.at);
  return kills.length > 0 ? Math.max(...kills) : moment;
}
