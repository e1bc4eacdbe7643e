import {
  EventPublisher,
  OutboxCommitHook,
  OutboxSweeper,
  StoredEvents,
} from '../../src/events/index.js';
import {
  EventsProbeModule,
  failingCalls,
  ProbePublisher,
  received,
} from '../helpers/events-probe.module.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

const seen = (subscriber: string, eventId: string) =>
  (received[subscriber] ?? []).filter((event) => event.id === eventId);

describe('Transactional outbox and subscribers', () => {
  let t: TestApp;
  let publisher: ProbePublisher;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [EventsProbeModule] });
    publisher = t.app.get(ProbePublisher);
  });
  afterAll(() => t.close());

  it('delivers a committed event to matching subscribers once, with the full message', async () => {
    const id = await publisher.publish('brand.featured', { id: 'brand_x', name: 'Acme' });
    await untilPasses(() => expect(seen('brand', id)).toHaveLength(1));
    const [event] = seen('brand', id);
    expect(event).toEqual({
      id,
      name: 'brand.featured',
      store_id: null,
      payload: { id: 'brand_x', name: 'Acme' },
      metadata: { source: 'probe' },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(seen('everything-sync', id)).toHaveLength(1);
    await t.app.get(OutboxCommitHook).idle();
    // Relayed: its outbox row is gone.
    expect(
      await t.dataSource.query('SELECT 1 FROM event_outbox WHERE event_id = $1', [id]),
    ).toEqual([]);
  });

  it('compresses large payloads with lz4 where the server has it, pglz elsewhere', async () => {
    const lines = Array.from({ length: 200 }, (_, index) => ({ sku: `SKU-${index}`, qty: index }));
    const [id] = await t.dataSource.transaction((manager) =>
      t.app
        .get(EventPublisher)
        .publishAll({ manager, storeId: null }, [{ name: 'brand.catalogued', payload: { lines } }]),
    );
    const hasLz4 = await t.dataSource
      .transaction((manager) =>
        manager.query('CREATE TEMP TABLE lz4_probe (t text COMPRESSION lz4) ON COMMIT DROP'),
      )
      .then(
        () => true,
        () => false,
      );
    const [row] = await t.dataSource.query(
      `SELECT pg_column_compression(payload) AS compression, payload FROM events WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ compression: hasLz4 ? 'lz4' : 'pglz', payload: { lines } });
  });

  it.each([3, 40])(
    'records %i events published together, in order, with their payloads as sent',
    async (count) => {
      const drafts = Array.from({ length: count }, (_, index) => ({
        name: `brand.batch${index}`,
        payload: { index, quote: `"${index}"\\`, nested: { list: [index, null] } },
      }));
      const ids = await t.dataSource.transaction((manager) =>
        t.app.get(EventPublisher).publishAll({ manager, storeId: null }, drafts),
      );
      await t.app.get(OutboxCommitHook).idle();
      const stored: { id: string; name: string; payload: unknown }[] = await t.dataSource.query(
        `SELECT id::text AS id, name, payload FROM events WHERE id = ANY($1::uuid[])
         ORDER BY created_at, id`,
        [ids],
      );
      expect(stored).toEqual(
        drafts.map((draft, index) => ({
          id: ids[index],
          name: draft.name,
          payload: draft.payload,
        })),
      );
      await untilPasses(() => expect(seen('everything-sync', ids[count - 1])).toHaveLength(1));
    },
  );

  it('reads a transaction’s events back in the order they were published, even on tied timestamps', async () => {
    const names = ['brand.first', 'brand.second', 'brand.third', 'brand.fourth'];
    const ids = await t.dataSource.transaction(async (manager) => {
      const published: string[] = [];
      for (const name of names) {
        published.push(await t.app.get(EventPublisher).publish({ manager, storeId: null }, name));
      }
      // As a coarse clock would leave them: one timestamp for all.
      await manager.query('UPDATE events SET created_at = now() WHERE id = ANY($1::uuid[])', [
        published,
      ]);
      return published;
    });
    const stored = await t.app.get(StoredEvents).loadMany([...ids].reverse());
    expect(stored.map((event) => event.name)).toEqual(names);
    expect(stored.map((event) => event.id)).toEqual(ids);
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    const id = await publisher.publish('brand.featured', { id: 'brand_y' }, false);
    await t.app.get(OutboxCommitHook).idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.dataSource.query('SELECT 1 FROM events WHERE id = $1', [id])).toHaveLength(0);
    expect(seen('brand', id)).toHaveLength(0);
    expect(seen('everything-sync', id)).toHaveLength(0);
  });

  it('never runs a subscriber that no module registers, and skips non-matching ones', async () => {
    const id = await publisher.publish('order.completed', { id: 'or_x' });
    await untilPasses(() => expect(seen('everything-sync', id)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen('unregistered', id)).toHaveLength(0);
    expect(seen('brand', id)).toHaveLength(0);
  });

  it('retries a failing background subscriber until it succeeds (3 attempts)', async () => {
    const id = await publisher.publish('probe.flaky', {});
    await untilPasses(() => expect(seen('flaky', id)).toHaveLength(1), 15_000);
    expect(failingCalls[id]).toBe(3);
  });

  it('sweeps events committed but never relayed, exactly once however often it runs', async () => {
    const [{ id }] = await t.dataSource.query(
      `WITH stored AS (
         INSERT INTO events (id, name, payload, created_at)
         VALUES (gen_random_uuid(), 'brand.updated', '{"id":"brand_z"}', now() - interval '1 minute')
         RETURNING id, created_at
       ), outboxed AS (INSERT INTO event_outbox SELECT id, created_at FROM stored)
       SELECT id FROM stored`,
    );
    const sweeper = t.app.get(OutboxSweeper);
    expect(await sweeper.sweepOnce()).toBeGreaterThanOrEqual(1);
    await untilPasses(() => expect(seen('brand', id)).toHaveLength(1));
    expect(await sweeper.sweepOnce()).toBe(0);
    // Relaying the same event again enqueues nothing new: job ids derive from event + subscriber.
    await t.dataSource.query(
      'INSERT INTO event_outbox SELECT id, created_at FROM events WHERE id = $1',
      [id],
    );
    await sweeper.sweepOnce();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen('brand', id)).toHaveLength(1);
  });
});
