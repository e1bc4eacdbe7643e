import { randomUUID } from 'node:crypto';
import { EventFanout, type FanoutJob } from '../../src/events/event-fanout.js';
import { EventPublisher } from '../../src/events/event-publisher.js';
import { DeliveryAttempts } from '../../src/modules/webhooks/delivery-attempts.js';
import { WebhookDeliveryJobs } from '../../src/modules/webhooks/webhook-delivery-jobs.js';
import {
  WEBHOOK_DELIVERY_JOB,
  type WebhookDeliveryJobData,
  webhookDeliveryJobId,
} from '../../src/modules/webhooks/webhook-delivery-job.js';
import { QueuePort } from '../../src/platform/queue/queue.port.js';
import type { EntityManager } from 'typeorm';
import type { TestApp } from '../helpers/test-app.js';
import { eventually, startWebhooksTestApp, WebhookAdmin } from '../helpers/webhook-admin.js';
import { verifyWebhook, WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * What the outbox relay relies on: the delivery jobs of the `webhooks` queue, which endpoints an
 * event goes to, and the fan-out it asks for jobs.
 */
describe(`Webhook delivery jobs (${process.env.REDIS_URL ? 'Bull on Redis' : 'in-process queue'})`, () => {
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

  /** An outbox row, marked relayed so that only this test hands it on. */
  const storeEvent = async (
    name: string,
    payload: Record<string, unknown>,
    metadata: Record<string, unknown> = {},
  ) => {
    const id = randomUUID();
    const [row] = await t.dataSource.query(
      // No outbox row: relayed already, as far as the sweeper is concerned.
      `INSERT INTO events (id, store_id, name, payload, metadata)
       VALUES ($1, $2, $3, $4, $5) RETURNING created_at`,
      [id, hooks.storeKey(), name, JSON.stringify(payload), JSON.stringify(metadata)],
    );
    return { id, createdAt: new Date(row.created_at).toISOString() };
  };
  const deliveryCount = async (endpointKey: string, eventId: string) => {
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM webhook_deliveries WHERE endpoint_id = $1 AND event_id = $2',
      [endpointKey, eventId],
    );
    return count as number;
  };
  const job = (data: WebhookDeliveryJobData) => ({
    id: webhookDeliveryJobId(data),
    name: WEBHOOK_DELIVERY_JOB,
    attempt: 1,
    data,
  });

  it('a deliver job POSTs the stored event as the envelope, once however often it is offered', async () => {
    const { endpoint, secret } = await hooks.create({ url: receiver.url('/queued') });
    const payload = { id: 'or_k3G7QAe51F', number: 'R123456789', total: '19.99' };
    const event = await storeEvent('order.completed', payload, { request_id: 'req-1' });
    const data = { endpointId: hooks.key(endpoint.id), eventId: event.id };
    const queue = t.app.get(QueuePort);
    for (let offer = 0; offer < 3; offer += 1)
      await queue.enqueue('webhooks', WEBHOOK_DELIVERY_JOB, data, {
        jobId: webhookDeliveryJobId(data),
      });

    await eventually(() => receiver.at('/queued').length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const received = receiver.at('/queued');
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body)).toEqual({
      id: event.id,
      name: 'order.completed',
      created_at: event.createdAt,
      data: payload,
      metadata: { request_id: 'req-1' },
    });
    expect(received[0].headers['x-store-webhook-event']).toBe('order.completed');
    expect(verifyWebhook(received[0], secret)).toBe(true);
    expect(await deliveryCount(data.endpointId, event.id)).toBe(1);
  });

  it('a job run again (say, after a worker crash) does not deliver the event twice', async () => {
    const { endpoint } = await hooks.create({ url: receiver.url('/rerun') });
    const event = await storeEvent('order.completed', { id: 'or_x' });
    const jobs = t.app.get(WebhookDeliveryJobs);
    const data = { endpointId: hooks.key(endpoint.id), eventId: event.id };
    await jobs.run(job(data));
    await jobs.run(job(data));
    expect(receiver.at('/rerun')).toHaveLength(1);
    expect(await deliveryCount(data.endpointId, event.id)).toBe(1);
  });

  it('a job run again after its worker died during the POST closes that attempt as interrupted and sends again', async () => {
    const { endpoint, secret } = await hooks.create({ url: receiver.url('/resumed') });
    const event = await storeEvent('order.completed', { id: 'or_z' });
    const data = { endpointId: hooks.key(endpoint.id), eventId: event.id };
    // What a worker killed during its POST leaves: the attempt written, never completed.
    const [{ request_body: body }] = await t.dataSource.query(
      `SELECT json_build_object('id', id)::text AS request_body FROM events WHERE id = $1`,
      [event.id],
    );
    const dead = await t.app.get(DeliveryAttempts).open(
      {
        endpointId: data.endpointId,
        eventId: event.id,
        eventName: 'order.completed',
        requestBody: body,
        deliveredAt: new Date(),
      },
      false,
    );
    expect(dead).toMatchObject({ attempt: 1, status: 'in_flight', finishedAt: null });

    const jobs = t.app.get(WebhookDeliveryJobs);
    await jobs.run(job(data));
    await jobs.run(job(data));
    const received = receiver.at('/resumed');
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body).id).toBe(event.id);
    expect(verifyWebhook(received[0], secret)).toBe(true);

    const history = (await hooks.deliveries(endpoint.id)).body.data;
    expect(history).toEqual([
      expect.objectContaining({
        event_id: event.id,
        attempt: 2,
        status: 'succeeded',
        success: true,
        response_status: 200,
        request_body: received[0].body,
      }),
      expect.objectContaining({
        event_id: event.id,
        attempt: 1,
        status: 'interrupted',
        success: false,
        response_status: null,
        duration_ms: null,
        error_type: null,
        error_message: expect.stringContaining('the receiver may have received it'),
        finished_at: expect.any(String),
      }),
    ]);
    expect(await deliveryCount(data.endpointId, event.id)).toBe(2);
  });

  it('a job whose event already has a failed attempt sends nothing (failures are redelivered by staff)', async () => {
    const { endpoint } = await hooks.create({ url: receiver.url('/refused') });
    const event = await storeEvent('order.completed', { id: 'or_w' });
    const data = { endpointId: hooks.key(endpoint.id), eventId: event.id };
    const jobs = t.app.get(WebhookDeliveryJobs);
    receiver.answer(500);
    try {
      await jobs.run(job(data));
      await jobs.run(job(data));
    } finally {
      receiver.answer(200);
    }
    expect(receiver.at('/refused')).toHaveLength(1);
    const history = (await hooks.deliveries(endpoint.id)).body.data;
    expect(history.map((d: any) => [d.attempt, d.status])).toEqual([[1, 'failed']]);
  });

  it('skips endpoints that are disabled or gone, and events that do not exist', async () => {
    const jobs = t.app.get(WebhookDeliveryJobs);
    const event = await storeEvent('order.completed', { id: 'or_y' });
    const { endpoint: disabled } = await hooks.create({
      url: receiver.url('/skipped'),
      enabled: false,
    });
    const { endpoint: deleted } = await hooks.create({ url: receiver.url('/skipped') });
    const deletedKey = hooks.key(deleted.id);
    await hooks.call('DELETE', `/${deleted.id}`);
    const { endpoint: live } = await hooks.create({ url: receiver.url('/skipped') });

    await jobs.run(job({ endpointId: hooks.key(disabled.id), eventId: event.id }));
    await jobs.run(job({ endpointId: deletedKey, eventId: event.id }));
    await jobs.run(job({ endpointId: hooks.key(live.id), eventId: randomUUID() }));
    await jobs.run({
      ...job({ endpointId: hooks.key(live.id), eventId: event.id }),
      name: 'other',
    });
    expect(receiver.at('/skipped')).toHaveLength(0);
  });

  it('an event published in a committed transaction reaches the subscribed endpoints only; a rolled-back one, none', async () => {
    const { endpoint: subscribed, secret } = await hooks.create({
      url: receiver.url('/published'),
      subscriptions: ['brand.*'],
    });
    await hooks.create({ url: receiver.url('/not-subscribed'), subscriptions: ['order.*'] });
    const publisher = t.app.get(EventPublisher);
    const scope = (manager: EntityManager) => ({ manager, storeId: hooks.storeKey() });
    const eventId = await t.dataSource.transaction((manager) =>
      publisher.publish(scope(manager), 'brand.featured', { id: 'brand_1', name: 'Acme' }),
    );
    await t.dataSource
      .transaction(async (manager) => {
        await publisher.publish(scope(manager), 'brand.featured', { id: 'brand_2' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);

    await eventually(() => receiver.at('/published').length > 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const received = receiver.at('/published');
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body)).toMatchObject({
      id: eventId,
      name: 'brand.featured',
      data: { id: 'brand_1', name: 'Acme' },
    });
    expect(verifyWebhook(received[0], secret)).toBe(true);
    expect(receiver.at('/not-subscribed')).toHaveLength(0);
    expect((await hooks.deliveries(subscribed.id)).body.meta.count).toBe(1);
  });

  describe('which endpoints an event goes to', () => {
    let shop: WebhookAdmin;
    let byName: Record<string, string>;

    beforeAll(async () => {
      shop = new WebhookAdmin(t, await t.seedStore());
      const make = async (name: string, subscriptions: string[], enabled = true) => [
        name,
        shop.key(
          (await shop.create({ name, url: receiver.url('/x'), subscriptions, enabled })).endpoint
            .id,
        ),
      ];
      byName = Object.fromEntries([
        await make('everything', ['*']),
        await make('orders', ['order.*']),
        await make('completed', ['order.completed']),
        await make('products', ['product.created', 'product.updated']),
        await make('disabled', ['*'], false),
      ]);
      // Another store's endpoint never matches.
      await new WebhookAdmin(t, await t.seedStore()).create({
        url: receiver.url('/x'),
        subscriptions: ['*'],
      });
    });

    const namesOf = (keys: string[]) =>
      keys.map((key) => Object.keys(byName).find((name) => byName[name] === key)).sort();

    it.each([
      ['order.completed', ['completed', 'everything', 'orders']],
      ['order.canceled', ['everything', 'orders']],
      ['order.line_item.created', ['everything', 'orders']],
      ['product.updated', ['everything', 'products']],
      ['customer.created', ['everything']],
      ['orders.completed', ['everything']],
    ])('%s → %p', async (eventName, expected) => {
      const fanout = t.app.get(EventFanout);
      const event = {
        id: randomUUID(),
        name: eventName,
        store_id: shop.storeKey(),
        payload: {},
        metadata: {},
        created_at: new Date().toISOString(),
      };
      const keysOf = (jobs: FanoutJob[]) => jobs.map((fanoutJob) => fanoutJob.key);
      expect(namesOf(keysOf(await fanout.jobsFor([event], t.dataSource.manager)))).toEqual(
        expected,
      );
      const inTransaction = await t.dataSource.transaction(async (manager) =>
        keysOf(await fanout.jobsFor([event], manager)),
      );
      expect(namesOf(inTransaction)).toEqual(expected);
    });

    it('the fan-out asks the relay for one deliver job per matching endpoint', async () => {
      const eventId = randomUUID();
      const event = {
        id: eventId,
        name: 'order.completed',
        store_id: shop.storeKey(),
        payload: {},
        metadata: {},
        created_at: new Date().toISOString(),
      };
      const jobs = await t.dataSource.transaction((manager) =>
        t.app.get(EventFanout).jobsFor([event], manager),
      );
      expect(jobs).toHaveLength(3);
      for (const fanoutJob of jobs) {
        expect(fanoutJob).toEqual({
          eventId,
          queue: 'webhooks',
          name: WEBHOOK_DELIVERY_JOB,
          data: { endpointId: fanoutJob.key, eventId },
          key: fanoutJob.key,
        });
      }
      expect(namesOf(jobs.map((fanoutJob) => fanoutJob.key))).toEqual([
        'completed',
        'everything',
        'orders',
      ]);
    });
  });
});
