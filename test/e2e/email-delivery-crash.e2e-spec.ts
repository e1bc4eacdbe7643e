import { randomBytes } from 'node:crypto';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
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
import { SmtpSink } from '../helpers/smtp-sink.js';

/**
 * `kill -9` of the worker process at random points of a burst of card checkouts, with a real
 * SMTP server that answers slowly (so that kills land while mails are being sent): once the
 * sweeper has taken over what each dead worker held, every order has exactly one confirmation
 * delivery, sent; no delivery's message is missing from the server, and none reached it more
 * often than the delivery counted tries. KILL_BURST_SEED replays a burst's kill plan.
 */

const CHECKOUTS = 200;
const SHOPPERS_AT_ONCE = 10;
/** A try left `sending` by a killed worker is taken over once its lease (30 s) has run out. */
const SETTLE_MS = 240_000;
const TEST_TIMEOUT_MS = 600_000;

const SEED = Number(process.env.KILL_BURST_SEED ?? randomBytes(4).readUInt32BE(0));

interface ConfirmationRow {
  id: string;
  order_id: string;
  status: string;
  attempts: number;
}

(hasServers ? describe : describe.skip)(
  'order confirmations while the worker process is killed (PostgreSQL + Redis)',
  () => {
    let cluster: ServiceCluster;
    let sink: SmtpSink;

    beforeAll(async () => {
      sink = await SmtpSink.start();
      cluster = await startServiceCluster({
        env: {
          SMTP_URL: sink.url,
          MAIL_RETRY_DELAY_MS: '200',
          DATABASE_POOL_SIZE: '6',
        },
        queueSettings: { maxStalledCount: MAX_STALLED_RUNS },
      });
    }, TEST_TIMEOUT_MS);

    afterAll(async () => {
      await cluster?.close();
      await sink?.close();
    });

    it(
      `${CHECKOUTS} checkouts with the worker killed at random points: one confirmation each, sent, none lost, none sent more often than tried`,
      async () => {
        const control = cluster.control;
        const random = seededRandom(SEED);
        const shop: DemoCredentials = await control.seedStore();
        const records = new CheckoutRecords(control);
        const storeKey = records.key(ID_PREFIX.store, shop.store_id);
        const [mug] = await demoVariants(control, shop, 'ceramic-coffee-mug');
        await records.setStock(mug.id, 10_000);
        const probe = new CartClient(control, shop);
        await probe.create();
        const paymentMethodId = await probe.paymentMethodId('test_card');

        const plan = planKills(random, {
          apiKills: 0,
          workerKills: 4 + Math.floor(random() * 3),
          apiSlots: 1,
          requests: CHECKOUTS * 5,
        });
        process.stdout.write(
          `e-mail crash seed ${SEED} (KILL_BURST_SEED=${SEED} replays it): worker killed after requests ${plan
            .map((kill) => kill.afterRequests)
            .join(', ')}\n`,
        );
        // Answers take a moment, so that a kill finds messages on their way.
        sink.delayMs = 30;
        const fleet = await ServiceFleet.start(
          cluster.build,
          cluster.env,
          cluster.webhooksQueue,
          1,
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
              { variantId: mug.id, quantity: 1 },
              unexpected,
            ),
        );
        let next = 0;
        let finished = false;
        const chaos = fleet.chaos(
          plan,
          () => finished,
          () => sink.inFlight > 0,
        );
        await Promise.all(
          Array.from({ length: SHOPPERS_AT_ONCE }, async () => {
            while (next < shoppers.length) await shoppers[next++].run();
          }),
        );
        finished = true;
        await chaos;
        await fleet.settled();
        expect(fleet.killed).toHaveLength(plan.length);
        expect(unexpected).toEqual([]);

        const placed: { id: string }[] = await control.dataSource.query(
          `SELECT id::text AS id FROM orders WHERE store_id = $1 AND state = 'complete'`,
          [storeKey],
        );
        expect(placed).toHaveLength(CHECKOUTS);
        const confirmations = (): Promise<ConfirmationRow[]> =>
          control.dataSource.query(
            `SELECT id::text AS id, order_id::text AS order_id, status, attempts
             FROM email_deliveries WHERE store_id = $1 AND mail = 'order_confirmation'
             ORDER BY order_id`,
            [storeKey],
          );
        // Every order's confirmation ends sent: those a dead worker held once their lease ran out.
        await untilEqual(
          async () => {
            const rows = await confirmations();
            return { rows: rows.length, sent: rows.filter((row) => row.status === 'sent').length };
          },
          { rows: CHECKOUTS, sent: CHECKOUTS },
          SETTLE_MS,
        );
        const rows = await confirmations();
        // Exactly one delivery per order (the unique key holds whatever ran twice).
        expect(new Set(rows.map((row) => row.order_id))).toEqual(
          new Set(placed.map((order) => order.id)),
        );

        // Each delivery's message reached the server at least once, and no more often than the
        // delivery counted tries (a try is counted before its message is sent).
        const received = new Map<string, number>();
        for (const message of sink.messages) {
          const delivery = String(message.headers.get('x-store-email-delivery'));
          received.set(delivery, (received.get(delivery) ?? 0) + 1);
        }
        const lost = rows.filter((row) => !received.has(row.id));
        const overSent = rows.filter((row) => received.get(row.id)! > row.attempts);
        expect({ lost, overSent }).toEqual({ lost: [], overSent: [] });
        const attempts = rows.reduce((sum, row) => sum + row.attempts, 0);
        expect(sink.messages.length).toBeLessThanOrEqual(attempts);
        process.stdout.write(
          `e-mail crash: ${plan.length} worker kills, ${attempts} tries for ${CHECKOUTS} confirmations, ${sink.messages.length} messages received\n`,
        );
      },
      TEST_TIMEOUT_MS,
    );
  },
);
