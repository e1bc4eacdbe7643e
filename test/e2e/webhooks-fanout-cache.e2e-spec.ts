import { randomBytes, randomUUID } from 'node:crypto';
import { WebhookEndpointDirectory } from '../../src/modules/webhooks/webhook-endpoint-directory.js';
import { WebhookFanout } from '../../src/modules/webhooks/webhook-fanout.js';
import {
  EventPublisher,
  OutboxCommitHook,
  type StoreEventMessage,
} from '../../src/events/index.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import { StatementCounter } from '../helpers/statement-counter.js';
import type { TestApp } from '../helpers/test-app.js';
import { eventually, startWebhooksTestApp, WebhookAdmin } from '../helpers/webhook-admin.js';
import { hasServers } from '../helpers/service-cluster.js';

/**
 * The relay's fan-out keeps each store's enabled endpoints in process. Two instances of the
 * service on one database and one Redis (two replicas): an endpoint created, changed, disabled,
 * enabled or deleted through one reaches the fan-out of the other, whose cache was warm, without
 * waiting for the cache to expire.
 */
// Separate processes (or instances) share work only through PostgreSQL and Redis servers.
(hasServers ? describe : describe.skip)('Webhook fan-out cache across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let shop: DemoCredentials;
  let hooks: WebhookAdmin;
  let storeKey: string;
  const counter = new StatementCounter();

  beforeAll(async () => {
    const env = {
      QUEUE_PREFIX: `test-fanout-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    a = await startWebhooksTestApp(env);
    b = await startWebhooksTestApp(env);
    shop = await a.seedStore();
    hooks = new WebhookAdmin(a, shop);
    storeKey = hooks.storeKey();
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    counter.stop();
    await b?.close();
    await a?.close();
  });

  const event = (name: string): StoreEventMessage => ({
    id: randomUUID(),
    name,
    store_id: storeKey,
    payload: {},
    metadata: {},
    created_at: new Date().toISOString(),
  });
  /** The endpoints instance b's relay would enqueue a job for, for one event named `name`. */
  const fannedOutOnB = async (name: string) => {
    const jobs = await b.app.get(WebhookFanout).jobsFor([event(name)], b.dataSource.manager);
    return jobs.map((job) => job.key);
  };
  const knownToB = () => b.app.get(WebhookEndpointDirectory).enabledIn(b.dataSource, [storeKey]);
  /** Waits (briefly: an invalidation is one Redis message) until b fans `name` out to `key` or not. */
  const untilB = async (name: string, key: string, included: boolean) => {
    await eventually(async () => (await fannedOutOnB(name)).includes(key) === included, 2_000);
    expect((await fannedOutOnB(name)).includes(key)).toBe(included);
  };

  it('runs on Redis, both instances in one namespace', () => {
    expect(a.config.REDIS_URL).toBeDefined();
    expect(b.config.QUEUE_PREFIX).toBe(a.config.QUEUE_PREFIX);
  });

  it('keeps what it read: a change made behind the service’s back is not seen', async () => {
    const { endpoint } = await hooks.create({ url: 'https://cached.example.com/h' });
    const key = hooks.key(endpoint.id);
    await untilB('order.completed', key, true);
    await a.dataSource.query('UPDATE webhook_endpoints SET enabled = false WHERE id = $1', [key]);
    expect(await fannedOutOnB('order.completed')).toContain(key);
    // Any change through the API drops the store's entry everywhere, and the row is read again.
    const renamed = await hooks.call('PATCH', `/${endpoint.id}`, { json: { name: 'renamed' } });
    expect(renamed.status).toBe(200);
    await untilB('order.completed', key, false);
    expect(await a.dataSource.query('DELETE FROM webhook_endpoints WHERE id = $1', [key])).toEqual([
      [],
      1,
    ]);
  });

  it('sees an endpoint created, changed, disabled, enabled and deleted through the other instance', async () => {
    // Warm: b has read the store's endpoints (none of them yet the new one).
    const before = await knownToB();
    const { endpoint } = await hooks.create({
      url: 'https://replica.example.com/h',
      subscriptions: ['order.completed'],
    });
    const key = hooks.key(endpoint.id);
    expect(before.map((known) => known.id)).not.toContain(key);

    await untilB('order.completed', key, true);
    expect(await fannedOutOnB('product.updated')).not.toContain(key);

    const resubscribed = await hooks.call('PATCH', `/${endpoint.id}`, {
      json: { subscriptions: ['product.*'] },
    });
    expect(resubscribed.status).toBe(200);
    await untilB('product.updated', key, true);
    expect(await fannedOutOnB('order.completed')).not.toContain(key);

    expect((await hooks.call('PATCH', `/${endpoint.id}/disable`)).status).toBe(200);
    await untilB('product.updated', key, false);

    expect((await hooks.call('PATCH', `/${endpoint.id}/enable`)).status).toBe(200);
    await untilB('product.updated', key, true);

    expect((await hooks.call('DELETE', `/${endpoint.id}`)).status).toBe(204);
    await untilB('product.updated', key, false);
    expect((await knownToB()).map((known) => known.id)).not.toContain(key);
  });

  it('costs a committing transaction one relay statement once the store’s endpoints are cached', async () => {
    const { endpoint } = await hooks.create({ url: 'https://counted.example.com/h' });
    const key = hooks.key(endpoint.id);
    await untilB('order.completed', key, true);
    const publishOnB = () =>
      b.dataSource.transaction((manager) =>
        b.app.get(EventPublisher).publish({ manager, storeId: storeKey }, 'order.completed', {}),
      );
    counter.start();
    const { result: eventId, statements } = await counter.measure(async () => {
      const id = await publishOnB();
      await b.app.get(OutboxCommitHook).idle();
      return id;
    });
    // The event and its outbox row in one statement; after the commit, the relay sends only the
    // outbox DELETE: no endpoint lookup, no write to the event. (The app's worker delivering the
    // event meanwhile sends statements of its own, and the outbox sweeper's periodic look for
    // left-behind rows may fall in the window.)
    const relayBookkeeping = statements.filter(
      (text) =>
        /event_outbox|UPDATE events|FROM webhook_endpoints WHERE store_id/.test(text) &&
        !/^WITH claimed AS \( SELECT event_id FROM event_outbox/.test(text),
    );
    const [stored, ...relayed] = relayBookkeeping;
    expect(stored).toMatch(/^WITH stored AS \( INSERT INTO events .* INSERT INTO event_outbox/);
    // Events other specs' processes commit meanwhile in the shared database (the payment sweep
    // finishing a dead claim of theirs, say) are relayed by the same DELETE; nothing else is sent.
    expect(relayed.length).toBeGreaterThanOrEqual(1);
    for (const text of relayed)
      expect(text).toMatch(/^DELETE FROM event_outbox WHERE event_id = ANY/);
    expect(
      await b.dataSource.query('SELECT 1 FROM event_outbox WHERE event_id = $1', [eventId]),
    ).toEqual([]);
    expect(await a.dataSource.query('DELETE FROM webhook_endpoints WHERE id = $1', [key])).toEqual([
      [],
      1,
    ]);
  });
});
