import { EventEmitter2 } from '@nestjs/event-emitter';
import { EventPublisher, OutboxCommitHook, OutboxSweeper } from '../../src/events/index.js';
import { EventsProbeModule, ProbePublisher, received } from '../helpers/events-probe.module.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

/**
 * Committed events reach subscribers through EventEmitter2 listeners: subscription patterns
 * (`*`, `order.*`, exact names) become listener patterns (`**`, `order.**`, the name), and
 * subscribers see exactly the events their patterns name, once each.
 */
describe('In-process dispatch of committed events', () => {
  let t: TestApp;
  let publisher: ProbePublisher;
  /** Name → id of the events published by `beforeAll`. */
  const ids: Record<string, string> = {};

  const PUBLISHED = [
    'probe.ping',
    'order.completed',
    'order.canceled',
    'order.completed.extra',
    'order.line_item',
    'order.line_item.created',
    'order.line_item.tax.adjusted',
    'orders.completed',
    'orderx.completed',
    'payment.paid',
    'brand.logo.changed',
    'brandx.featured',
  ];

  /** The names of the published events a subscriber saw, each as often as it saw it. */
  const namesSeenBy = (subscriber: string) =>
    (received[subscriber] ?? [])
      .filter((event) => ids[event.name] === event.id)
      .map((event) => event.name)
      .sort();

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [EventsProbeModule] });
    publisher = t.app.get(ProbePublisher);
    for (const name of PUBLISHED) ids[name] = await publisher.publish(name, { id: 'probe_1' });
    // Sync subscribers have run once the relay is idle.
    await t.app.get(OutboxCommitHook).idle();
  });
  afterAll(() => t.close());

  it('`*` (listener `**`) reaches every event, at any depth', () => {
    expect(namesSeenBy('everything-sync')).toEqual([...PUBLISHED].sort());
  });

  it('`order.*` (listener `order.**`) reaches events of the order model at depth 2, 3 and 4 only', () => {
    expect(namesSeenBy('order-model-sync')).toEqual(
      [
        'order.canceled',
        'order.completed',
        'order.completed.extra',
        'order.line_item',
        'order.line_item.created',
        'order.line_item.tax.adjusted',
      ].sort(),
    );
  });

  it('`order.line_item.*` reaches events under it, but not an event named `order.line_item`', () => {
    expect(namesSeenBy('order-line-item-sync')).toEqual([
      'order.line_item.created',
      'order.line_item.tax.adjusted',
    ]);
  });

  it('exact names reach those events only, not deeper or sibling ones', () => {
    expect(namesSeenBy('exact-sync')).toEqual(['order.completed', 'payment.paid']);
  });

  it('a subscriber whose patterns overlap runs once per event', () => {
    expect(namesSeenBy('overlapping-sync')).toEqual([...PUBLISHED].sort());
  });

  it('async subscribers are reached the same way, through one job each (`brand.*` at depth 3)', async () => {
    await untilPasses(() => expect(namesSeenBy('brand')).toEqual(['brand.logo.changed']));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(namesSeenBy('brand')).toEqual(['brand.logo.changed']);
  });

  it('ignores anything else emitted on the application’s EventEmitter2', async () => {
    const fake = {
      id: '00000000-0000-4000-8000-000000000000',
      name: 'order.completed',
      store_id: null,
      payload: { id: 'or_fake' },
      metadata: {},
      created_at: new Date().toISOString(),
    };
    await t.app.get(EventEmitter2).emitAsync('order.completed', fake);
    await t.app.get(EventEmitter2).emitAsync('brand.featured', fake);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const subscriber of Object.keys(received)) {
      expect((received[subscriber] ?? []).filter((event) => event.id === fake.id)).toEqual([]);
    }
  });

  it('a failing sync subscriber is logged; the others run and the event is relayed', async () => {
    const id = await publisher.publish('probe.failing_sync', {});
    await t.app.get(OutboxCommitHook).idle();
    expect((received['everything-sync'] ?? []).filter((event) => event.id === id)).toHaveLength(1);
    // Relayed: its outbox row is gone.
    expect(
      await t.dataSource.query('SELECT 1 FROM event_outbox WHERE event_id = $1', [id]),
    ).toEqual([]);
  });

  it('events the sweeper relays go through the same dispatch', async () => {
    const [{ id }] = await t.dataSource.query(
      `WITH stored AS (
         INSERT INTO events (id, name, payload, created_at)
         VALUES (gen_random_uuid(), 'order.line_item.deleted', '{"id":"li_swept"}',
                 now() - interval '1 minute')
         RETURNING id, created_at
       ), outboxed AS (INSERT INTO event_outbox SELECT id, created_at FROM stored)
       SELECT id FROM stored`,
    );
    const seen = (subscriber: string) =>
      (received[subscriber] ?? []).filter((event) => event.id === id).length;
    // A sweep already under way may have started before the row existed: sweep until it is seen.
    const deadline = Date.now() + 10_000;
    while (seen('order-model-sync') === 0 && Date.now() < deadline) {
      await t.app.get(OutboxSweeper).sweepOnce();
    }
    expect(seen('order-model-sync')).toBe(1);
    expect(seen('order-line-item-sync')).toBe(1);
    expect(seen('overlapping-sync')).toBe(1);
    expect(seen('exact-sync')).toBe(0);
  });

  it.each(['order', 'order.', 'order.*', '*', 'order..completed', 'order completed'])(
    'refuses to publish %p, which is not an event name',
    async (name) => {
      await expect(
        t.dataSource.transaction((manager) =>
          t.app.get(EventPublisher).publish({ manager, storeId: null }, name),
        ),
      ).rejects.toThrow(/is not an event name/);
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM events WHERE name = $1',
        [name],
      );
      expect(count).toBe(0);
    },
  );
});
