import { expectError } from '../helpers/error-envelope.js';
import { eventually, WebhookAdmin } from '../helpers/webhook-admin.js';
import { WebhookLedger } from '../helpers/webhook-ledger.js';
import {
  hasServers,
  type ServiceCluster,
  startServiceCluster,
} from '../helpers/service-cluster.js';
import { commitUnrelayedEvents, requeueJobsOfDeadWorkers } from '../helpers/webhook-workers.js';

/**
 * A worker killed (SIGKILL) while its POSTs are at the receiver: Bull runs the jobs again, the
 * receiver gets those envelopes twice (same `id`), and the delivery history shows every request
 * it got: the attempt cut short as `interrupted`, then the completed one. Nothing stays in flight.
 */

const EVENT = 'order.completed';
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
/** Worker processes start slowly on a busy machine. */
const PROCESS_TEST_TIMEOUT_MS = 180_000;
/** Long enough for a duplicate, if any, to arrive after the last expected delivery. */
const settle = (ms = 1_000) => new Promise((resolve) => setTimeout(resolve, ms));

// Worker processes need PostgreSQL and Redis servers (CI sets DATABASE_URL and REDIS_URL).
(hasServers ? describe : describe.skip)(
  'A worker killed during its POST (PostgreSQL + Redis)',
  () => {
    let cluster: ServiceCluster;
    let ledger: WebhookLedger;

    beforeAll(async () => {
      [cluster, ledger] = await Promise.all([startServiceCluster(), WebhookLedger.start()]);
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await cluster?.close();
      await ledger?.close();
    });

    /** Attempts of the endpoints by status, straight from the table. */
    const statuses = async (keys: string[]) => {
      const rows: { status: string; count: number }[] = await cluster.control.dataSource.query(
        `SELECT status, count(*)::int AS count FROM webhook_deliveries
       WHERE endpoint_id = ANY($1::bigint[]) GROUP BY status`,
        [keys],
      );
      return Object.fromEntries(rows.map((row) => [row.status, row.count]));
    };

    it(
      'the history shows the interrupted attempt and the completed one; the receiver got the envelope twice',
      async () => {
        const hooks = new WebhookAdmin(cluster.control, await cluster.control.seedStore());
        const { endpoint, secret } = await hooks.create({
          url: ledger.url('/held'),
          subscriptions: [EVENT],
        });
        ledger.hold('/held');
        const first = await cluster.start('worker 1', { PROCESS_ROLE: 'worker' });
        const [eventId] = await commitUnrelayedEvents(cluster.control, hooks.storeKey(), EVENT, 1);

        // The worker's sweeper relays the event; its POST reaches the receiver, which holds it.
        await eventually(() => ledger.at('/held').length === 1, 15_000);
        // The attempt was committed before the POST: the history already shows it, in flight.
        const during = await hooks.deliveries(endpoint.id);
        expect(during.body.data).toEqual([
          expect.objectContaining({
            event_id: eventId,
            attempt: 1,
            status: 'in_flight',
            success: false,
            response_status: null,
            duration_ms: null,
            finished_at: null,
            request_body: ledger.at('/held')[0].body,
          }),
        ]);

        await first.kill('SIGKILL');
        expect(await requeueJobsOfDeadWorkers(cluster.webhooksQueue)).toBe(1);
        ledger.release('/held');
        const second = await cluster.start('worker 2', { PROCESS_ROLE: 'worker' });
        await eventually(
          async () => (await statuses([hooks.key(endpoint.id)])).succeeded === 1,
          15_000,
        );
        await settle();

        const received = ledger.at('/held');
        expect(received.map((request) => request.eventId)).toEqual([eventId, eventId]);
        expect(ledger.forgedAt('/held', secret)).toEqual([]);
        const history = await hooks.deliveries(endpoint.id);
        expect(history.body.meta.count).toBe(2);
        expect(history.body.data).toEqual([
          expect.objectContaining({
            event_id: eventId,
            attempt: 2,
            status: 'succeeded',
            success: true,
            response_status: 200,
            error_message: null,
            finished_at: ISO,
            request_body: received[1].body,
          }),
          expect.objectContaining({
            id: during.body.data[0].id,
            event_id: eventId,
            attempt: 1,
            status: 'interrupted',
            success: false,
            response_status: null,
            response_body: null,
            duration_ms: null,
            error_type: null,
            error_message: expect.stringContaining('may have received it'),
            delivered_at: during.body.data[0].delivered_at,
            finished_at: ISO,
            request_body: received[0].body,
          }),
        ]);
        const interrupted = await hooks.call(
          'GET',
          `/${endpoint.id}/deliveries/${during.body.data[0].id}`,
        );
        expect(interrupted.body).toEqual(history.body.data[1]);
        expect((await hooks.deliveries(endpoint.id, '?status=interrupted')).body.meta.count).toBe(
          1,
        );
        expect((await hooks.deliveries(endpoint.id, '?status=in_flight')).body.meta.count).toBe(0);
        // An interrupted attempt is no failure; the job is done.
        expect((await hooks.endpoint(endpoint.id)).consecutive_failures).toBe(0);
        expect(await cluster.webhooksQueue.getCompletedCount()).toBe(1);

        // Redelivering the interrupted attempt still works: a third attempt of the same envelope.
        const again = await hooks.redeliver(endpoint.id, during.body.data[0].id);
        expect(again.status).toBe(201);
        expect(again.body).toMatchObject({ event_id: eventId, attempt: 3, status: 'succeeded' });
        expect(ledger.at('/held').map((request) => request.eventId)).toEqual([
          eventId,
          eventId,
          eventId,
        ]);
        expectError(await hooks.deliveries(endpoint.id, '?status=lost'), 400, 'parameter_invalid');
        // The next case runs its own workers.
        await second.kill('SIGTERM');
      },
      PROCESS_TEST_TIMEOUT_MS,
    );

    it(
      'killed mid-burst: every POST the receiver got has its attempt, and none stays in flight',
      async () => {
        const hooks = new WebhookAdmin(cluster.control, await cluster.control.seedStore());
        const paths = ['/burst/first', '/burst/second'];
        const targets = [];
        for (const path of paths) {
          const { endpoint, secret } = await hooks.create({
            url: ledger.url(path),
            subscriptions: [EVENT],
          });
          targets.push({ path, key: hooks.key(endpoint.id), secret });
          ledger.hold(path);
        }
        const keys = targets.map((target) => target.key);
        const first = await cluster.start('worker 3', {
          PROCESS_ROLE: 'worker',
          WEBHOOK_CONCURRENCY: '4',
        });
        const eventIds = await commitUnrelayedEvents(cluster.control, hooks.storeKey(), EVENT, 5);

        // Four POSTs at the receiver, four attempts in flight; the other six jobs wait in the queue.
        const received = () => paths.flatMap((path) => ledger.at(path)).length;
        await eventually(
          async () => received() === 4 && (await statuses(keys)).in_flight === 4,
          15_000,
        );
        await first.kill('SIGKILL');
        expect(await requeueJobsOfDeadWorkers(cluster.webhooksQueue)).toBe(4);
        for (const path of paths) ledger.release(path);
        await cluster.start('worker 4', { PROCESS_ROLE: 'worker' });
        await eventually(async () => (await statuses(keys)).succeeded === 10, 20_000);
        await settle();

        // Counting receipts against recorded attempts, per endpoint and envelope id.
        const rows: { key: string; event: string; attempts: number[]; statuses: string[] }[] =
          await cluster.control.dataSource.query(
            `SELECT endpoint_id::text AS key, event_id::text AS event,
                array_agg(attempt ORDER BY attempt) AS attempts,
                array_agg(status ORDER BY attempt) AS statuses
         FROM webhook_deliveries WHERE endpoint_id = ANY($1::bigint[])
         GROUP BY endpoint_id, event_id`,
            [keys],
          );
        expect(rows).toHaveLength(10);
        for (const target of targets) {
          expect(ledger.forgedAt(target.path, target.secret)).toEqual([]);
          const counts = ledger.countsAt(target.path);
          expect([...counts.keys()].sort()).toEqual([...eventIds].sort());
          for (const eventId of eventIds) {
            const row = rows.find((r) => r.key === target.key && r.event === eventId)!;
            const receipts = counts.get(eventId)!;
            // Every POST was recorded: one attempt per receipt, numbered 1, 2…; the last one succeeded,
            // any earlier one was cut short by the kill.
            expect({ eventId, attempts: row.attempts, statuses: row.statuses }).toEqual({
              eventId,
              attempts: Array.from({ length: receipts }, (_, n) => n + 1),
              statuses: [...Array(receipts - 1).fill('interrupted'), 'succeeded'],
            });
          }
        }
        expect(received()).toBe(14);
        expect(await statuses(keys)).toEqual({ interrupted: 4, succeeded: 10 });
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  },
);
