import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  BRAND_ID_PREFIX,
  BrandModule,
  MAX_FEATURED_BRANDS,
  runBrandMigrations,
} from '../../examples/brand/index.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const BRANDS = '/api/v3/admin/brands';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BRAND_ID = /^brand_[A-Za-z0-9]{10,}$/;

interface StoredEvent {
  name: string;
  store_id: string | null;
  payload: Record<string, any>;
  metadata: Record<string, unknown>;
}

interface BrandRow {
  store_id: string;
  name: string;
  handle: string;
  description: string | null;
  featured_at: Date | null;
  updated_at: Date;
}

/**
 * The example extension (examples/brand) mounted on the real application: its Admin API over
 * HTTP with a demo store's secret key, its rows, and the events it records in the outbox.
 */
describe('Extension module: brands (examples/brand)', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;
  let codec: PublicIdCodec;
  let storeKey: string;
  let handles = 0;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [BrandModule] });
    shop = await t.seedStore();
    other = await t.seedStore();
    codec = t.app.get(PublicIdCodec);
    storeKey = codec.decode(ID_PREFIX.store, shop.store_id)!;
  }, 120_000);
  afterAll(() => t?.close());

  const secretKey = (credentials: DemoCredentials = shop) => ({
    'x-store-api-key': credentials.secret_key,
  });

  function call(
    method: string,
    path: string,
    json?: unknown,
    headers: Record<string, string> = secretKey(),
  ): Promise<TestResponse> {
    return t.http.request(method, path, { headers, json });
  }

  /** A handle no other test uses. */
  const uniqueHandle = (label: string) => `${label}-${++handles}-${Date.now().toString(36)}`;

  const keyOf = (publicId: string) => codec.decode(BRAND_ID_PREFIX, publicId)!;

  async function rowOf(publicId: string): Promise<BrandRow | undefined> {
    const [row] = await t.dataSource.query(
      `SELECT store_id::text AS store_id, name, handle, description, featured_at, updated_at
       FROM brands WHERE id = $1`,
      [keyOf(publicId)],
    );
    return row;
  }

  /**
   * The outbox's insertion position of this store's last event: its events recorded later come
   * after it (other test files' events, recorded meanwhile, are not this store's).
   */
  async function watermark(): Promise<string> {
    const [{ position }] = await t.dataSource.query(
      'SELECT coalesce(max(position), 0)::text AS position FROM events WHERE store_id = $1',
      [storeKey],
    );
    return position;
  }

  /** The store's `brand.*` events recorded after `since`, in the order they were recorded. */
  async function brandEventsSince(since: string): Promise<StoredEvent[]> {
    return t.dataSource.query(
      `SELECT name, store_id::text AS store_id, payload, metadata FROM events
       WHERE store_id = $2 AND position > $1 AND name LIKE 'brand.%' ORDER BY position`,
      [since, storeKey],
    );
  }

  const event = (name: string, payload: Record<string, unknown>) => ({
    name,
    store_id: storeKey,
    payload,
    metadata: { model: 'brand' },
  });

  async function createBrand(fields: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const response = await call('POST', BRANDS, {
      name: 'Brand',
      handle: uniqueHandle('brand'),
      ...fields,
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function featuredCount(): Promise<number> {
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM brands WHERE store_id = $1 AND featured_at IS NOT NULL',
      [storeKey],
    );
    return count;
  }

  it('applies its own migration once, recorded apart from the core migrations', async () => {
    expect(await t.dataSource.query('SELECT name FROM brand_migrations')).toEqual([
      { name: 'Brands1795300000000' },
    ]);
    expect(await runBrandMigrations(t.dataSource)).toEqual([]);
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM schema_migrations WHERE name LIKE 'Brands%'`,
    );
    expect(count).toBe(0);
  });

  it('POST creates a brand: 201, the stored row and one brand.created event', async () => {
    const since = await watermark();
    const handle = uniqueHandle('acme');
    const response = await call('POST', BRANDS, {
      name: 'Acme',
      handle,
      description: 'Tools for coyotes',
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(BRAND_ID),
      name: 'Acme',
      handle,
      description: 'Tools for coyotes',
      featured: false,
      featured_at: null,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    expect(await rowOf(response.body.id)).toEqual({
      store_id: storeKey,
      name: 'Acme',
      handle,
      description: 'Tools for coyotes',
      featured_at: null,
      updated_at: expect.any(Date),
    });
    expect(await brandEventsSince(since)).toEqual([event('brand.created', response.body)]);
  });

  it('makes the handle from the name; a taken handle is 422 and publishes nothing', async () => {
    const name = `Outdoor & Co. ${uniqueHandle('n')}`;
    const brand = await createBrand({ name, handle: undefined });
    expect(brand.handle).toMatch(/^outdoor-co-n-\d+-[a-z0-9]+$/);

    const since = await watermark();
    const [{ count: before }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM brands WHERE store_id = $1',
      [storeKey],
    );
    const duplicate = await call('POST', BRANDS, { name });
    expect(expectError(duplicate, 422, 'validation_error')).toEqual({
      handle: ['has already been taken'],
    });
    const renamed = await createBrand();
    expect(
      expectError(
        await call('PATCH', `${BRANDS}/${renamed.id}`, { handle: brand.handle }),
        422,
        'validation_error',
      ),
    ).toEqual({ handle: ['has already been taken'] });

    const [{ count: after }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM brands WHERE store_id = $1',
      [storeKey],
    );
    expect(after).toBe(before + 1);
    expect((await rowOf(renamed.id))?.handle).toBe(renamed.handle);
    expect((await brandEventsSince(since)).map((stored) => stored.name)).toEqual(['brand.created']);
  });

  it('refuses invalid bodies with 422 validation_error and publishes nothing', async () => {
    const since = await watermark();
    const invalid = await call('POST', BRANDS, {
      name: '',
      handle: 'Not A Handle',
      featured: 'yes',
    });
    expect(Object.keys(expectError(invalid, 422, 'validation_error')!).sort()).toEqual([
      'featured',
      'handle',
      'name',
    ]);
    const brand = await createBrand();
    const since2 = await watermark();
    expectError(
      await call('PATCH', `${BRANDS}/${brand.id}`, { name: null }),
      422,
      'validation_error',
    );
    expect(await brandEventsSince(since2)).toEqual([]);
    expect((await brandEventsSince(since)).map((stored) => stored.name)).toEqual(['brand.created']);
  });

  it('PATCH publishes brand.updated with the new representation; a no-op publishes nothing', async () => {
    const brand = await createBrand({ name: 'Globex' });
    const since = await watermark();

    const updated = await call('PATCH', `${BRANDS}/${brand.id}`, {
      name: 'Globex Corporation',
      description: 'Worldwide',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      ...brand,
      name: 'Globex Corporation',
      description: 'Worldwide',
      updated_at: expect.stringMatching(ISO),
    });
    expect(await rowOf(brand.id)).toMatchObject({
      name: 'Globex Corporation',
      description: 'Worldwide',
    });

    const unchanged = await call('PATCH', `${BRANDS}/${brand.id}`, { name: 'Globex Corporation' });
    expect(unchanged.status).toBe(200);
    const empty = await call('PATCH', `${BRANDS}/${brand.id}`, {});
    expect(empty.body).toEqual(updated.body);

    const events = await brandEventsSince(since);
    expect(events).toEqual([event('brand.updated', updated.body)]);
  });

  it(`features at most ${MAX_FEATURED_BRANDS} brands: brand.featured follows the write; one past the limit rolls back with its events`, async () => {
    // Start from none featured in this store.
    for (const row of await t.dataSource.query(
      'SELECT id::text AS id FROM brands WHERE store_id = $1 AND featured_at IS NOT NULL',
      [storeKey],
    )) {
      await call('PATCH', `${BRANDS}/${codec.encode(BRAND_ID_PREFIX, row.id)}`, {
        featured: false,
      });
    }
    const since = await watermark();

    const first = await createBrand({ featured: true });
    expect(first).toMatchObject({ featured: true, featured_at: expect.stringMatching(ISO) });
    const second = await createBrand();
    const featuredSecond = await call('PATCH', `${BRANDS}/${second.id}`, { featured: true });
    expect(featuredSecond.status).toBe(200);
    const third = await createBrand({ featured: true });
    expect(await featuredCount()).toBe(MAX_FEATURED_BRANDS);

    expect(await brandEventsSince(since)).toEqual([
      event('brand.created', first),
      event('brand.featured', first),
      event('brand.created', second),
      event('brand.updated', featuredSecond.body),
      event('brand.featured', featuredSecond.body),
      event('brand.created', third),
      event('brand.featured', third),
    ]);

    // A fourth: brand.created is recorded, then the limit fails the write; nothing remains.
    const full = await watermark();
    const handle = uniqueHandle('fourth');
    const refused = await call('POST', BRANDS, { name: 'Fourth', handle, featured: true });
    expect(expectError(refused, 422, 'resource_invalid')).toEqual({
      featured: [`at most ${MAX_FEATURED_BRANDS} brands may be featured`],
    });
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM brands WHERE handle = $1',
      [handle],
    );
    expect(count).toBe(0);
    expect(await watermark()).toBe(full);

    const plain = await createBrand();
    // The refused write did record its brand.created, which rolled back: the outbox's identity
    // column skipped a position.
    const [{ position }] = await t.dataSource.query(
      `SELECT position::text AS position FROM events WHERE store_id = $2 AND position > $1
       ORDER BY position LIMIT 1`,
      [full, storeKey],
    );
    expect(BigInt(position)).toBeGreaterThan(BigInt(full) + 1n);
    const afterPlain = await watermark();
    const before = await rowOf(plain.id);
    expectError(
      await call('PATCH', `${BRANDS}/${plain.id}`, { featured: true, name: 'Renamed' }),
      422,
      'resource_invalid',
    );
    expect(await rowOf(plain.id)).toEqual(before);
    expect(await brandEventsSince(afterPlain)).toEqual([]);
    expect(await featuredCount()).toBe(MAX_FEATURED_BRANDS);
    expect((await brandEventsSince(full)).map((stored) => stored.name)).toEqual([
      'brand.created', // `plain`, not the refused fourth
    ]);

    // Unfeaturing frees a slot: brand.updated only, then featuring works again.
    const freed = await watermark();
    const unfeatured = await call('PATCH', `${BRANDS}/${first.id}`, { featured: false });
    expect(unfeatured.body).toMatchObject({ featured: false, featured_at: null });
    const nowFeatured = await call('PATCH', `${BRANDS}/${plain.id}`, { featured: true });
    expect(nowFeatured.status).toBe(200);
    expect(await brandEventsSince(freed)).toEqual([
      event('brand.updated', unfeatured.body),
      event('brand.updated', nowFeatured.body),
      event('brand.featured', nowFeatured.body),
    ]);
  });

  it('DELETE removes the row and publishes brand.deleted with the brand as it was', async () => {
    const brand = await createBrand({ name: 'Initech' });
    const since = await watermark();

    const removed = await call('DELETE', `${BRANDS}/${brand.id}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect(await rowOf(brand.id)).toBeUndefined();
    expectError(await call('GET', `${BRANDS}/${brand.id}`), 404, 'record_not_found');
    expectError(await call('DELETE', `${BRANDS}/${brand.id}`), 404, 'record_not_found');
    expectError(
      await call('PATCH', `${BRANDS}/${brand.id}`, { name: 'x' }),
      404,
      'record_not_found',
    );

    expect(await brandEventsSince(since)).toEqual([event('brand.deleted', brand)]);
  });

  it("publishes one brand's lifecycle in order, each payload carrying its public id", async () => {
    const since = await watermark();
    const brand = await createBrand({ name: 'Umbrella' });
    await call('PATCH', `${BRANDS}/${brand.id}`, { description: 'Pharmaceuticals' });
    await call('DELETE', `${BRANDS}/${brand.id}`);

    const events = (await brandEventsSince(since)).filter(
      (stored) => stored.payload.id === brand.id,
    );
    expect(events.map((stored) => [stored.name, stored.payload.description])).toEqual([
      ['brand.created', null],
      ['brand.updated', 'Pharmaceuticals'],
      ['brand.deleted', 'Pharmaceuticals'],
    ]);
    for (const stored of events) {
      expect(stored.store_id).toBe(storeKey);
      expect(stored.payload.id).toMatch(BRAND_ID);
      expect(keyOf(stored.payload.id)).toMatch(/^\d+$/);
    }
  });

  it('lists and shows brands of the calling store only', async () => {
    const brand = await createBrand({ name: 'Aardvark Supplies' });
    const shown = await call('GET', `${BRANDS}/${brand.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(brand);

    const list = await call('GET', `${BRANDS}?limit=100`);
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ page: 1, limit: 100 });
    expect(list.body.data.map((row: { id: string }) => row.id)).toContain(brand.id);
    const names = list.body.data.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // Another store neither sees nor touches it, and nothing is published.
    const since = await watermark();
    const elsewhere = secretKey(other);
    expect((await call('GET', BRANDS, undefined, elsewhere)).body).toMatchObject({
      data: [],
      meta: { count: 0 },
    });
    for (const [method, json] of [
      ['GET', undefined],
      ['PATCH', { name: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      expectError(
        await call(method, `${BRANDS}/${brand.id}`, json, elsewhere),
        404,
        'record_not_found',
      );
    }
    expectError(await call('GET', `${BRANDS}/brand_nonsense`), 404, 'record_not_found');
    expectError(
      await call('GET', `${BRANDS}/${codec.encode(ID_PREFIX.product, keyOf(brand.id))}`),
      404,
      'record_not_found',
    );
    expect((await rowOf(brand.id))?.name).toBe('Aardvark Supplies');
    expect(await brandEventsSince(since)).toEqual([]);
  });

  it('declares the products scopes: a read-only key reads but cannot write', async () => {
    const issued = await call('POST', '/api/v3/admin/api_keys', {
      name: 'Catalogue reader',
      key_type: 'secret',
      scopes: ['read_products'],
    });
    expect(issued.status).toBe(201);
    const reader = { 'x-store-api-key': issued.body.token };
    const since = await watermark();

    expect((await call('GET', BRANDS, undefined, reader)).status).toBe(200);
    expect(
      expectError(
        await call('POST', BRANDS, { name: 'Nope', handle: uniqueHandle('nope') }, reader),
        403,
        'access_denied',
      ),
    ).toEqual({ required_scope: 'write_products' });
    expectError(await call('GET', BRANDS, undefined, {}), 401, 'authentication_required');
    expectError(
      await call('POST', BRANDS, { name: 'Nope' }, { 'x-store-api-key': shop.publishable_key }),
      401,
      'invalid_token',
    );
    expect(await brandEventsSince(since)).toEqual([]);
  });

  it('replays a POST with the same Idempotency-Key without a second row or event', async () => {
    const since = await watermark();
    const headers = { ...secretKey(), 'idempotency-key': `brand-${uniqueHandle('key')}` };
    const body = { name: 'Hooli', handle: uniqueHandle('hooli') };
    const first = await call('POST', BRANDS, body, headers);
    const again = await call('POST', BRANDS, body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await brandEventsSince(since)).toEqual([event('brand.created', first.body)]);
  });
});
