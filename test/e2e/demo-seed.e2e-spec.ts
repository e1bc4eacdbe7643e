import { ProductSchema } from '@spree/sdk/zod';
import sharp from 'sharp';
import { StatementCounter } from '../helpers/statement-counter.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const storeKeyOf = async (storeId: string) => {
    const [{ id }] = await t.dataSource.query(
      `SELECT id::text AS id FROM stores WHERE code IN (
      SELECT s.code FROM stores s JOIN api_keys k ON k.store_id = s.id WHERE k.token_prefix = $1)`,
      [storeId],
    );
    return id as string;
  };

  it('creates a new, separate store on every run, with a working publishable key', async () => {
    const first = await t.seedStore();
    const second = await t.seedStore();
    expect(first.store_id).toMatch(/^store_/);
    expect(first.store_id).not.toBe(second.store_id);
    expect(first.publishable_key).toMatch(/^pk_/);
    expect(first.secret_key).toMatch(/^sk_/);
    expect(first.admin.email).not.toBe(second.admin.email);
    for (const credentials of [first, second]) {
      const response = await t.http.get('/api/v3/store/products?limit=1', {
        'x-store-api-key': credentials.publishable_key,
      });
      expect(response.status).toBe(200);
      expect(response.body.meta.count).toBeGreaterThanOrEqual(20);
    }
  });

  it('publishes every product and variant created, reading the catalog once for each model', async () => {
    const counter = new StatementCounter().start();
    let measured;
    try {
      measured = await counter.measure(() => t.seedStore());
    } finally {
      counter.stop();
    }
    const storeKey = await storeKeyOf(measured.result.publishable_key.slice(0, 11));
    const [counts] = await t.dataSource.query(
      `SELECT (SELECT count(*)::int FROM products WHERE store_id = $1) AS products,
              (SELECT count(*)::int FROM variants WHERE store_id = $1) AS variants,
              (SELECT count(*)::int FROM events WHERE store_id = $1 AND name = 'product.created')
                AS product_events,
              (SELECT count(*)::int FROM events WHERE store_id = $1 AND name = 'variant.created')
                AS variant_events`,
      [storeKey],
    );
    expect(counts.products).toBeGreaterThanOrEqual(20);
    expect(counts.product_events).toBe(counts.products);
    expect(counts.variant_events).toBe(counts.variants);
    // The event payloads read products with their variants: once for all products, once for
    // all variants, not once per record.
    const catalogReads = measured.statements.filter((sql) =>
      sql.startsWith('SELECT p.id::text AS id, p.name'),
    );
    expect(catalogReads).toHaveLength(2);
  });

  it('seeds a catalog with variants, prices in both currencies, stock, and US and EU zones', async () => {
    const credentials = await t.seedStore();
    const storeId = await storeKeyOf(credentials.publishable_key.slice(0, 11));
    const [catalog] = await t.dataSource.query(
      `SELECT
         (SELECT count(*)::int FROM products WHERE store_id = $1) AS products,
         (SELECT count(*)::int FROM variants WHERE store_id = $1) AS variants,
         (SELECT count(DISTINCT currency)::int FROM prices p JOIN variants v ON v.id = p.variant_id WHERE v.store_id = $1) AS currencies,
         (SELECT count(*)::int FROM stock_items WHERE store_id = $1 AND count_on_hand > 0) AS stocked,
         (SELECT count(*)::int FROM products p WHERE store_id = $1 AND
            (SELECT count(*) FROM variants v WHERE v.product_id = p.id) > 1) AS with_options`,
      [storeId],
    );
    expect(catalog.products).toBeGreaterThanOrEqual(20);
    expect(catalog.variants).toBeGreaterThan(catalog.products);
    expect(catalog.currencies).toBe(2);
    expect(catalog.stocked).toBeGreaterThan(0);
    // Every stock item's movements add up to its count.
    const unbalanced = await t.dataSource.query(
      `SELECT si.id FROM stock_items si
       LEFT JOIN stock_movements m ON m.stock_item_id = si.id
       WHERE si.store_id = $1
       GROUP BY si.id HAVING COALESCE(sum(m.quantity), 0) <> max(si.count_on_hand)`,
      [storeId],
    );
    expect(unbalanced).toEqual([]);
    expect(catalog.with_options).toBeGreaterThan(5);
    const zones = await t.dataSource.query(
      'SELECT name, country_isos FROM zones WHERE store_id = $1 ORDER BY name',
      [storeId],
    );
    expect(zones.map((zone: { name: string }) => zone.name)).toEqual(['EU', 'US']);
    expect(zones[0].country_isos).toEqual(expect.arrayContaining(['DE', 'FR', 'IE']));
    expect(zones[0].country_isos).toHaveLength(27);
    expect(zones[1].country_isos).toEqual(['US']);
    const [{ staff_notification_address }] = await t.dataSource.query(
      'SELECT staff_notification_address FROM stores WHERE id = $1',
      [storeId],
    );
    expect(staff_notification_address).toMatch(/@/);
  });

  it('gives every product a picture of its own, renditions made, as the storefront shows it', async () => {
    const credentials = await t.seedStore({ images: true });
    const listed = await t.http.get('/api/v3/store/products?limit=100&expand=media', {
      'x-store-api-key': credentials.publishable_key,
    });
    expect(listed.status).toBe(200);
    const products = listed.body.data;
    expect(products.length).toBeGreaterThanOrEqual(20);
    const thumbnails = new Set<string>();
    for (const product of products) {
      ProductSchema.parse(product);
      expect(product.media).toHaveLength(1);
      expect(product.media[0]).toMatchObject({ media_type: 'image', alt: product.name });
      expect(product.thumbnail_url).toMatch(/\.webp$/);
      thumbnails.add(product.thumbnail_url);
    }
    expect(thumbnails.size).toBe(products.length);
    const served = await fetch(`${t.baseUrl}${products[0].media[0].large_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const size = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ format: size.format, width: size.width, height: size.height }).toEqual({
      format: 'webp',
      width: 600,
      height: 600,
    });
  });

  it('stores neither the secret key nor the admin password in the clear', async () => {
    const credentials = await t.seedStore();
    const storeId = await storeKeyOf(credentials.publishable_key.slice(0, 11));
    const keys = await t.dataSource.query(
      'SELECT key_type, token_digest, token_prefix, scopes FROM api_keys WHERE store_id = $1 ORDER BY key_type',
      [storeId],
    );
    expect(keys).toEqual([
      {
        key_type: 'publishable',
        token_digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        token_prefix: credentials.publishable_key.slice(0, 11),
        scopes: [],
      },
      {
        key_type: 'secret',
        token_digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        token_prefix: credentials.secret_key.slice(0, 11),
        scopes: ['write_all'],
      },
    ]);
    const dump = JSON.stringify(
      await t.dataSource.query(
        `SELECT row_to_json(k)::text AS k FROM api_keys k WHERE store_id = $1
         UNION ALL SELECT row_to_json(u)::text FROM staff_users u WHERE store_id = $1`,
        [storeId],
      ),
    );
    expect(dump).not.toContain(credentials.secret_key);
    expect(dump).not.toContain(credentials.publishable_key);
    expect(dump).not.toContain(credentials.admin.password);
    expect(dump).toContain('scrypt$');
  });
});
