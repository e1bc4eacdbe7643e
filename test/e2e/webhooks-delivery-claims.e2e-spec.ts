import { EventPublisher } from '../../src/events/event-publisher.js';
import { AbandonedAttempts } from '../../src/modules/webhooks/abandoned-attempts.js';
import { INTERRUPTED_MESSAGE } from '../../src/modules/webhooks/delivery-outcome.js';
import { WebhookDeliveryJobs } from '../../src/modules/webhooks/webhook-delivery-jobs.js';
import {
  WEBHOOK_DELIVERY_JOB,
  type WebhookDeliveryJobData,
  webhookDeliveryJobId,
} from '../../src/modules/webhooks/webhook-delivery-job.js';
import { serializeEnvelope } from '../../src/modules/webhooks/webhook-envelope.js';
import type { TestApp } from '../helpers/test-app.js';
import { startWebhooksTestApp, WebhookAdmin } from '../helpers/webhook-admin.js';
import { verifyWebhook, WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * A delivery job's start is one statement shared by the jobs starting together: it checks the
 * endpoint, the event and the history, and writes the attempt in flight with the envelope that
 * PostgreSQL serializes from the stored event. That envelope must be, byte for byte, the one the
 * service serializes itself (staff test sends, the contract's shape).
 */
describe('Webhook delivery claims', () => {
  let t: TestApp;
  let hooks: WebhookAdmin;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await startWebhooksTestApp();
    hooks = new WebhookAdmin(t, await t.seedStore());
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  // The relay enqueues no job for these endpoints: only the tests' own runs deliver to them.
  const UNRELATED = ['product.deleted'];
  const job = (data: WebhookDeliveryJobData) => ({
    id: webhookDeliveryJobId(data),
    name: WEBHOOK_DELIVERY_JOB,
    attempt: 1,
    data,
  });
  /** Publishes in a transaction of its own, as a service does; answers the stored event. */
  const publish = async (payload: Record<string, unknown>, metadata: Record<string, unknown>) => {
    const id = await t.dataSource.transaction((manager) =>
      t.app
        .get(EventPublisher)
        .publish({ manager, storeId: hooks.storeKey() }, 'order.completed', payload, metadata),
    );
    const [row] = await t.dataSource.query('SELECT created_at FROM events WHERE id = $1', [id]);
    return { id, createdAt: new Date(row.created_at).toISOString() };
  };
  const attempts = (endpointKey: string) =>
    t.dataSource.query(
      `SELECT event_id::text AS event_id, attempt, status, request_body FROM webhook_deliveries
       WHERE endpoint_id = $1 ORDER BY event_id, attempt`,
      [endpointKey],
    );
  /** The session's `synchronous_commit` on several of the pool's connections at once. */
  const commitSettings = () =>
    Promise.all(
      [1, 2, 3, 4, 5].map(async () => {
        const [row] = await t.dataSource.query(
          `SELECT current_setting('synchronous_commit') AS value, pg_sleep(0.05)`,
        );
        return row.value as string;
      }),
    );

  it('sends the envelope exactly as the service serializes it, signed, and stores those bytes', async () => {
    const { endpoint, secret } = await hooks.create({
      url: receiver.url('/bytes'),
      subscriptions: UNRELATED,
    });
    const payload = {
      id: 'or_k3G7QAe51F',
      note: 'quotes " and \\ backslash, line\nbreak, tab\t, control \u0001, unicode é ✓ 😀',
      total: '19.99',
      count: 3,
      ratio: 0.1,
      big: 1e21,
      nested: { empty: {}, list: [1, 'two', null, true], none: null },
    };
    const metadata = { model: 'Order', request_id: 'req-ü' };
    const event = await publish(payload, metadata);
    const key = hooks.key(endpoint.id);
    await t.app.get(WebhookDeliveryJobs).run(job({ endpointId: key, eventId: event.id }));

    const expected = serializeEnvelope({
      id: event.id,
      name: 'order.completed',
      created_at: event.createdAt,
      data: payload,
      metadata,
    }).body;
    const [stored] = await attempts(key);
    expect(stored).toMatchObject({ event_id: event.id, attempt: 1, status: 'succeeded' });
    expect(stored.request_body).toBe(expected);
    const received = receiver.at('/bytes');
    expect(received).toHaveLength(1);
    expect(received[0].body).toBe(expected);
    expect(verifyWebhook(received[0], secret)).toBe(true);
  });

  it('jobs starting together each get their own attempt, and each sends once', async () => {
    const endpoints = await Promise.all(
      ['/together-a', '/together-b'].map((path) =>
        hooks.create({ url: receiver.url(path), subscriptions: UNRELATED }),
      ),
    );
    const events = await Promise.all(
      [1, 2, 3].map((n) => publish({ id: `or_together${n}` }, { model: 'Order' })),
    );
    const runs = endpoints.flatMap(({ endpoint }) =>
      events.map((event) => ({ endpointId: hooks.key(endpoint.id), eventId: event.id })),
    );
    const jobs = t.app.get(WebhookDeliveryJobs);
    await Promise.all(runs.map((data) => jobs.run(job(data))));
    // Run again: every envelope has an outcome, nothing more is sent.
    await Promise.all(runs.map((data) => jobs.run(job(data))));

    for (const [index, { endpoint }] of endpoints.entries()) {
      const rows = await attempts(hooks.key(endpoint.id));
      expect(rows.map((row: { event_id: string }) => row.event_id)).toEqual(
        events.map((event) => event.id).sort(),
      );
      expect(rows.every((row: { attempt: number; status: string }) => row.attempt === 1)).toBe(
        true,
      );
      expect(rows.every((row: { status: string }) => row.status === 'succeeded')).toBe(true);
      const received = receiver.at(index === 0 ? '/together-a' : '/together-b');
      expect(received.map((request) => JSON.parse(request.body).id).sort()).toEqual(
        events.map((event) => event.id).sort(),
      );
    }
  });

  it('a success whose completion a database crash lost stays in flight until closed as interrupted', async () => {
    const { endpoint } = await hooks.create({
      url: receiver.url('/lost-completion'),
      subscriptions: UNRELATED,
    });
    const event = await publish({ id: 'or_lost1' }, { model: 'Order' });
    const key = hooks.key(endpoint.id);
    const before = await commitSettings();
    await t.app.get(WebhookDeliveryJobs).run(job({ endpointId: key, eventId: event.id }));
    expect(receiver.at('/lost-completion')).toHaveLength(1);
    // Only the completion's own commit skips waiting for the disk: the sessions' setting, under
    // which every attempt is written in flight before its POST, is what it was.
    expect(await commitSettings()).toEqual(before);

    // What a crash that lost the completion's commit leaves: the attempt as written in flight.
    await t.dataSource.query(
      `UPDATE webhook_deliveries SET status = 'in_flight', success = false,
         response_status = NULL, response_body = NULL, duration_ms = NULL, finished_at = NULL,
         delivered_at = delivered_at - interval '1 hour'
       WHERE endpoint_id = $1 AND event_id = $2`,
      [key, event.id],
    );
    expect(await t.app.get(AbandonedAttempts).closeOnce()).toBeGreaterThanOrEqual(1);
    const history = (await hooks.deliveries(endpoint.id)).body.data;
    expect(history).toEqual([
      expect.objectContaining({
        event_id: event.id,
        attempt: 1,
        status: 'interrupted',
        success: false,
        error_message: INTERRUPTED_MESSAGE,
      }),
    ]);
  });
});
