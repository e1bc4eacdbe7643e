import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../../src/config/index.js';
import { ID_PREFIX, type IdPrefix } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { CacheInvalidation } from '../../src/platform/cache/index.js';
import {
  defaultStoreCommand,
  type DefaultStoreOutput,
  operatorCacheInvalidation,
  parseDefaultStoreCommand,
  StoreOperatorInputError,
} from '../../src/modules/stores/index.js';
import { ensureEmbeddedDemoStore } from '../../src/seed/demo-credentials-file.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js';
import { keyHeader } from '../helpers/staff-requests.js';
import { createStorefrontV2Client } from '../helpers/storefront-v2-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Skipped on the embedded database: it serves one session, and this test races two of them.
const itNeedsTwoSessions = process.env.DATABASE_URL ? it : it.skip;

/** A host name no other test file or run uses. */
const freshHost = (label: string) => `${label}-${randomBytes(4).toString('hex')}.example.net`;

/**
 * Which store answers which host: a store cannot take another store's hosts or make itself the
 * default through its Admin API, and a host no store claims reaches only the store the operator
 * made the default. The database is this file's own (default stores are global to a database).
 */
describe('store identity: hosts and the default store', () => {
  let scratch: ScratchDatabase | undefined;
  let t: TestApp;
  let ids: PublicIdCodec;
  let shopA: DemoCredentials;
  let shopB: DemoCredentials;
  let domainA: string;
  let hostA: string;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      scratch = await createScratchDatabase(process.env.DATABASE_URL);
      t = await startTestApp({
        database: { url: scratch.url, poolSize: 4, embedded: false, close: async () => {} },
      });
    } else {
      t = await startTestApp();
    }
    ids = new PublicIdCodec(t.config.ID_ALPHABET);
    shopA = await t.seedStore();
    shopB = await t.seedStore();
    domainA = freshHost('shop-a');
    const claimed = await patchStore(shopA, { domains: [domainA] });
    expect(claimed.status).toBe(200);
    hostA = new URL(claimed.body.url).hostname;
  });

  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  const key = (prefix: IdPrefix, publicId: string) => ids.decode(prefix, publicId)!;
  const storeKey = (shop: DemoCredentials) => key(ID_PREFIX.store, shop.store_id);
  const patchStore = (shop: DemoCredentials, json: unknown) =>
    t.http.request('PATCH', '/api/v3/admin/store', { json, headers: keyHeader(shop.secret_key) });
  const atHost = (host: string) => ({ host });
  const productsAt = (host: string) =>
    t.http.get('/api/v2/storefront/products?per_page=100', atHost(host));
  const cartAt = (host: string) =>
    t.http.request('POST', '/api/v2/storefront/cart', { json: {}, headers: atHost(host) });

  const storedStore = async (shop: DemoCredentials) => {
    const [row] = await t.dataSource.query(
      'SELECT name, url, domains, is_default FROM stores WHERE id = $1',
      [storeKey(shop)],
    );
    return row as { name: string; url: string; domains: string[]; is_default: boolean };
  };
  const storedHosts = async (shop: DemoCredentials) =>
    (
      await t.dataSource.query('SELECT host FROM store_hosts WHERE store_id = $1 ORDER BY host', [
        storeKey(shop),
      ])
    ).map((row: { host: string }) => row.host);
  const defaultStores = async () =>
    (await t.dataSource.query('SELECT id::text AS id FROM stores WHERE is_default')).map(
      (row: { id: string }) => row.id,
    );
  const orderCount = async () =>
    (await t.dataSource.query('SELECT count(*)::int AS count FROM orders'))[0].count as number;
  /** The store whose products a storefront answer lists (all of one store, or the test fails). */
  const storeOfProducts = async (answer: TestResponse) => {
    expect(answer.status).toBe(200);
    const productIds = answer.body.data.map((p: { id: string }) => key(ID_PREFIX.product, p.id));
    expect(productIds.length).toBeGreaterThan(0);
    const rows = await t.dataSource.query(
      'SELECT DISTINCT store_id::text AS store_id FROM products WHERE id = ANY($1::bigint[])',
      [productIds],
    );
    return rows.map((row: { store_id: string }) => row.store_id);
  };
  const storeOfCart = async (answer: TestResponse) => {
    expect(answer.status).toBe(201);
    const [row] = await t.dataSource.query(
      'SELECT store_id::text AS store_id FROM orders WHERE id = $1',
      [key(ID_PREFIX.cart, answer.body.data.id)],
    );
    return row.store_id as string;
  };
  const expectTaken = (answer: TestResponse, field: string, host: string) => {
    const details = expectError(answer, 422, 'validation_error');
    expect(details).toEqual({ [field]: [expect.stringContaining(host)] });
    expect((details![field] as string[])[0]).toMatch(/already belongs to another store$/);
  };

  /** Runs the operator command as `store-cli stores set-default|clear-default` does. */
  async function operatorSetsDefault(store?: string): Promise<DefaultStoreOutput> {
    // Without Redis the command reaches only its own process: run it in the serving one (an
    // embedded database admits one process anyway).
    const broadcast = t.config.REDIS_URL
      ? operatorCacheInvalidation(t.config)
      : { invalidation: t.app.get(CacheInvalidation), close: async () => {} };
    try {
      return await defaultStoreCommand(
        t.dataSource,
        t.config,
        parseDefaultStoreCommand({ store }),
        broadcast.invalidation,
      );
    } finally {
      await broadcast.close();
    }
  }

  describe('the takeover, refused at each step', () => {
    it("refuses B the host of A's URL as a domain, in any case, changing nothing", async () => {
      const before = { b: await storedStore(shopB), hosts: await storedHosts(shopB) };
      for (const domain of [hostA, hostA.toUpperCase()]) {
        expectTaken(await patchStore(shopB, { domains: [domain] }), 'domains', hostA);
      }
      expectTaken(
        await patchStore(shopB, { domains: [freshHost('free'), hostA] }),
        'domains',
        hostA,
      );
      expect(await storedStore(shopB)).toEqual(before.b);
      expect(await storedHosts(shopB)).toEqual(before.hosts);
      expect(await storedHosts(shopA)).toEqual([domainA, hostA].sort());
    });

    it("refuses B A's domains, and either of A's hosts as its own URL", async () => {
      const before = { b: await storedStore(shopB), hosts: await storedHosts(shopB) };
      expectTaken(await patchStore(shopB, { domains: [domainA] }), 'domains', domainA);
      expectTaken(await patchStore(shopB, { url: `https://${domainA}:8443/shop` }), 'url', domainA);
      expectTaken(await patchStore(shopB, { url: `http://${hostA.toUpperCase()}/` }), 'url', hostA);
      expect(await storedStore(shopB)).toEqual(before.b);
      expect(await storedHosts(shopB)).toEqual(before.hosts);
      expect(await storedHosts(shopA)).toEqual([domainA, hostA].sort());
    });

    it('refuses is_default from any store, in any form, changing nothing', async () => {
      const before = await storedStore(shopB);
      for (const body of [
        { is_default: true },
        { is_default: false },
        { is_default: null },
        { is_default: 'yes' },
        { name: 'Takeover', is_default: true },
      ]) {
        const details = expectError(await patchStore(shopB, body), 422, 'validation_error');
        expect({ body, details }).toEqual({
          body,
          details: { is_default: [expect.stringContaining('set by the operator')] },
        });
      }
      expect(await storedStore(shopB)).toEqual(before);
      expect(await defaultStores()).toEqual([]);
      const shown = await t.http.get('/api/v3/admin/store', keyHeader(shopB.secret_key));
      expect(shown.status).toBe(200);
      expect(shown.body.is_default).toBe(false);
    });

    it("serves B on the hosts of B's domains, and A on A's", async () => {
      const domainB = freshHost('shop-b');
      const changed = await patchStore(shopB, { domains: [domainB.toUpperCase()] });
      expect(changed.status).toBe(200);
      expect(changed.body.domains).toEqual([domainB]);
      const urlHostB = new URL((await storedStore(shopB)).url).hostname;
      expect(await storedHosts(shopB)).toEqual([domainB, urlHostB].sort());

      const onB = await productsAt(`${domainB.toUpperCase()}:8080`);
      expect(await storeOfProducts(onB)).toEqual([storeKey(shopB)]);
      const keyed = await t.http.get(
        '/api/v2/storefront/products?per_page=100',
        keyHeader(shopB.publishable_key),
      );
      expect(onB.body.data).toEqual(keyed.body.data);
      expect(await storeOfCart(await cartAt(domainB))).toBe(storeKey(shopB));
      for (const host of [hostA, domainA]) {
        expect(await storeOfProducts(await productsAt(host))).toEqual([storeKey(shopA)]);
      }
      expect(await storeOfCart(await cartAt(hostA))).toBe(storeKey(shopA));
    });

    it('frees the hosts a store drops for another store', async () => {
      const spare = freshHost('spare');
      expect((await patchStore(shopA, { domains: [domainA, spare] })).status).toBe(200);
      expectTaken(await patchStore(shopB, { domains: [spare] }), 'domains', spare);
      expect((await patchStore(shopA, { domains: [domainA] })).status).toBe(200);
      expect(await storedHosts(shopA)).toEqual([domainA, hostA].sort());
      const taken = await patchStore(shopB, { domains: [spare] });
      expect(taken.status).toBe(200);
      expect(await storedHosts(shopB)).toContain(spare);
      expect(await storeOfProducts(await productsAt(spare))).toEqual([storeKey(shopB)]);
    });
  });

  describe('a host no store claims', () => {
    const nowhere = freshHost('nowhere');

    it('answers 404 record_not_found while no store is the default, creating no cart', async () => {
      expect(await defaultStores()).toEqual([]);
      const orders = await orderCount();
      for (const answer of [await productsAt(nowhere), await cartAt(nowhere)]) {
        expectError(answer, 404, 'record_not_found');
      }
      expect(await orderCount()).toBe(orders);
    });

    it('serves the store the operator made the default, at once in every process', async () => {
      const set = await operatorSetsDefault(shopA.store_id);
      expect(set).toEqual({ default_store_id: shopA.store_id, previous_default_store_id: null });
      expect(await defaultStores()).toEqual([storeKey(shopA)]);
      // The same host answered 404 a moment ago: the command drops that cached answer.
      const answer = await productsOnceSettled(nowhere, (settled) => settled.status !== 404);
      expect(await storeOfProducts(answer)).toEqual([storeKey(shopA)]);
      expect(await storeOfCart(await cartAt(nowhere))).toBe(storeKey(shopA));
      // A store's own hosts stay its own.
      expect(await storeOfProducts(await productsAt(domainA))).toEqual([storeKey(shopA)]);
      const shown = await t.http.get('/api/v3/admin/store', keyHeader(shopA.secret_key));
      expect(shown.body.is_default).toBe(true);
    });

    it('moves the default to another store, then clears it: 404 again', async () => {
      const moved = await operatorSetsDefault(shopB.store_id);
      expect(moved).toEqual({
        default_store_id: shopB.store_id,
        previous_default_store_id: shopA.store_id,
      });
      expect(await defaultStores()).toEqual([storeKey(shopB)]);
      expect(await storeOfProducts(await productsAt(freshHost('elsewhere')))).toEqual([
        storeKey(shopB),
      ]);
      // A store cannot un-flag itself either.
      expectError(await patchStore(shopB, { is_default: false }), 422, 'validation_error');
      expect(await defaultStores()).toEqual([storeKey(shopB)]);

      const cleared = await operatorSetsDefault();
      expect(cleared).toEqual({
        default_store_id: null,
        previous_default_store_id: shopB.store_id,
      });
      expect(await defaultStores()).toEqual([]);
      expect(await operatorSetsDefault()).toEqual({
        default_store_id: null,
        previous_default_store_id: null,
      });
      const answer = await productsOnceSettled(nowhere, (settled) => settled.status !== 200);
      expectError(answer, 404, 'record_not_found');
    });

    it('refuses an unknown store and a blank --store, changing nothing', async () => {
      const unknown = ids.encode(ID_PREFIX.store, 2 ** 40);
      for (const store of [unknown, 'store_nope', shopA.publishable_key]) {
        await expect(operatorSetsDefault(store)).rejects.toThrow(
          new StoreOperatorInputError(`No store with id ${store}`),
        );
      }
      expect(() => parseDefaultStoreCommand({ store: '  ' })).toThrow(StoreOperatorInputError);
      expect(parseDefaultStoreCommand({})).toEqual({ storePublicId: null });
      expect(await defaultStores()).toEqual([]);
    });
  });

  describe('one store per host, kept by the database', () => {
    it('lets exactly one of two stores racing for a host have it', async () => {
      const host = freshHost('race');
      const answers = await Promise.all([
        patchStore(shopA, { domains: [domainA, host] }),
        patchStore(shopB, { domains: [host] }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 422]);
      const loser = answers.find((answer) => answer.status === 422)!;
      expectTaken(loser, 'domains', host);
      const winner = answers[0].status === 200 ? shopA : shopB;
      const [claim] = await t.dataSource.query(
        'SELECT store_id::text AS store_id FROM store_hosts WHERE host = $1',
        [host],
      );
      expect(claim).toEqual({ store_id: storeKey(winner) });
      const holders = await t.dataSource.query(
        'SELECT id::text AS id FROM stores WHERE $1 = ANY(domains)',
        [host],
      );
      expect(holders).toEqual([{ id: storeKey(winner) }]);
    });

    it('refuses a second claim of a host in the table itself', async () => {
      await expect(
        t.dataSource.query('INSERT INTO store_hosts (host, store_id) VALUES ($1, $2)', [
          domainA,
          storeKey(shopB),
        ]),
      ).rejects.toMatchObject({ driverError: { code: '23505', constraint: 'store_hosts_pkey' } });
    });

    itNeedsTwoSessions(
      'answers 422 when another store claimed the host after the check, before the commit',
      async () => {
        const host = freshHost('interleaved');
        const before = { b: await storedStore(shopB), hosts: await storedHosts(shopB) };
        const holder = new pg.Client({ connectionString: scratch!.url });
        await holder.connect();
        try {
          await holder.query('BEGIN');
          await holder.query('INSERT INTO store_hosts (host, store_id) VALUES ($1, $2)', [
            host,
            storeKey(shopA),
          ]);
          // B's check cannot see the uncommitted claim; its own insert waits on the key.
          const patched = patchStore(shopB, { domains: [host] });
          await untilWaitingOnALock(holder);
          await holder.query('COMMIT');
          expectTaken(await patched, 'domains', host);
        } finally {
          await holder.end();
        }
        expect(await storedStore(shopB)).toEqual(before.b);
        expect(await storedHosts(shopB)).toEqual(before.hosts);
      },
    );
  });

  describe('the demo store of an embedded first boot', () => {
    it('is made the default only while no store is', async () => {
      await operatorSetsDefault(shopB.store_id);
      const first = await ensureEmbeddedDemoStore(t.dataSource, withDataDir('first'));
      expect(await defaultStores()).toEqual([storeKey(shopB)]);

      await operatorSetsDefault();
      const second = await ensureEmbeddedDemoStore(t.dataSource, withDataDir('second'));
      expect(await defaultStores()).toEqual([storeKey(second)]);
      expect(first.store_id).not.toBe(second.store_id);
      // What `npm start` serves on localhost.
      expect(await storeOfProducts(await productsAt('localhost:3000'))).toEqual([storeKey(second)]);
      await operatorSetsDefault();
    });
  });

  /** The test app's configuration with a data directory of its own below the app's. */
  function withDataDir(name: string): AppConfig {
    return Object.assign(Object.create(Object.getPrototypeOf(t.config) as object) as AppConfig, {
      ...t.config,
      DATA_DIR: join(t.config.DATA_DIR, name),
    });
  }

  /** The products answer for `host` once `settled` holds: invalidations cross Redis shortly. */
  async function productsOnceSettled(
    host: string,
    settled: (answer: TestResponse) => boolean,
  ): Promise<TestResponse> {
    const deadline = Date.now() + 10_000;
    let answer = await productsAt(host);
    while (!settled(answer) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await productsAt(host);
    }
    return answer;
  }

  /** Waits until some session of the scratch database waits for a lock (the racing PATCH). */
  async function untilWaitingOnALock(holder: pg.Client): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await holder.query(
        `SELECT count(*)::int AS count FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (rows[0].count > 0) return;
      if (Date.now() > deadline) throw new Error('the racing request never waited on the claim');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  describe('through the official Storefront v2 client, which sends no key', () => {
    /** A client of the storefront at `localhost`, a host name this machine resolves. */
    const clientAtLocalhost = () =>
      createStorefrontV2Client(`http://localhost:${new URL(t.baseUrl).port}`, {});

    it('serves the store claiming the host, which another store cannot take over', async () => {
      expect((await patchStore(shopA, { domains: [domainA, 'localhost'] })).status).toBe(200);
      try {
        const client = clientAtLocalhost();
        const listed = async () => {
          const response = await client.products.list({ per_page: 100 });
          expect(response.isSuccess()).toBe(true);
          const rows = await t.dataSource.query(
            'SELECT DISTINCT store_id::text AS store_id FROM products WHERE id = ANY($1::bigint[])',
            [response.success().data.map((product) => key(ID_PREFIX.product, product.id))],
          );
          return rows.map((row: { store_id: string }) => row.store_id);
        };
        expect(await listed()).toEqual([storeKey(shopA)]);

        const before = await storedStore(shopB);
        expectTaken(await patchStore(shopB, { domains: ['localhost'] }), 'domains', 'localhost');
        expect(
          Object.keys(
            expectError(await patchStore(shopB, { is_default: true }), 422, 'validation_error') ??
              {},
          ),
        ).toEqual(['is_default']);
        expect(await storedStore(shopB)).toEqual(before);

        expect(await listed()).toEqual([storeKey(shopA)]);
        const cart = await client.cart.create();
        expect(cart.isSuccess()).toBe(true);
        const [row] = await t.dataSource.query(
          'SELECT store_id::text AS store_id FROM orders WHERE id = $1',
          [key(ID_PREFIX.cart, cart.success().data.id)],
        );
        expect(row.store_id).toBe(storeKey(shopA));
      } finally {
        expect((await patchStore(shopA, { domains: [domainA] })).status).toBe(200);
      }
    });
  });
});
