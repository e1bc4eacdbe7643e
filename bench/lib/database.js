import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database on the local PostgreSQL server, or `undefined` when no server answers. */
export async function createLocalDatabase() {
  const name = `store_bench_${randomBytes(6).toString('hex')}`;
  try {
    await withClient(LOCAL_SERVER, (client) => client.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    if (['ECONNREFUSED', 'ETIMEDOUT'].includes(error.code) || /timeout/i.test(error.message)) {
      return undefined;
    }
    throw error;
  }
  const url = new URL(LOCAL_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE: a child killed mid-run may leave connections behind.
    drop: () =>
      withClient(LOCAL_SERVER, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ),
  };
}

/**
 * The primary key of a product, found by slug within the store that owns `publishableKey`.
 * Public ids are opaque, and a shared DATABASE_URL may hold several demo stores with the same
 * slugs; the key's stored display prefix (first 11 characters) identifies the store.
 */
export function productPrimaryKey(url, publishableKey, slug) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT p.id FROM products p
         JOIN api_keys k ON k.store_id = p.store_id
        WHERE k.token_prefix = $1 AND p.slug = $2`,
      [publishableKey.slice(0, 11), slug],
    );
    if (rows.length !== 1) {
      throw new Error(`Expected one product with slug ${slug}, found ${rows.length}`);
    }
    return rows[0].id;
  });
}

/** The primary key of the store that owns `publishableKey` (see productPrimaryKey). */
export function storePrimaryKey(url, publishableKey) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      'SELECT store_id::text AS id FROM api_keys WHERE token_prefix = $1',
      [publishableKey.slice(0, 11)],
    );
    if (rows.length !== 1) throw new Error(`Expected one key ${publishableKey.slice(0, 11)}…`);
    return rows[0].id;
  });
}

/**
 * Stocks every variant of the store with `count` units: the demo store holds 50 per variant,
 * which a checkout benchmark sells out in well under a second.
 */
export function restock(url, storeId, count) {
  return withClient(url, (client) =>
    client.query('UPDATE stock_items SET count_on_hand = $2 WHERE store_id = $1', [storeId, count]),
  );
}

/**
 * Deletes the store's promotions (their rules, actions and codes go with them): the demo's
 * free shipping over 50.00 would discount the bench's carts. Run before any service reads them.
 */
export function removePromotions(url, storeId) {
  return withClient(url, (client) =>
    client.query('DELETE FROM promotions WHERE store_id = $1', [storeId]),
  );
}

/** The primary key of a variant of the store, by SKU. */
export function variantPrimaryKey(url, storeId, sku) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      'SELECT id::text AS id FROM variants WHERE store_id = $1 AND sku = $2',
      [storeId, sku],
    );
    if (rows.length !== 1) throw new Error(`Expected one variant with SKU ${sku}`);
    return rows[0].id;
  });
}

/** The primary keys of carts, in the order given, by their tokens (stored as SHA-256 digests). */
export function cartPrimaryKeys(url, storeId, tokens) {
  const digests = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT o.id::text AS id FROM unnest($2::text[]) WITH ORDINALITY AS t(digest, n)
       JOIN orders o ON o.token_digest = t.digest AND o.store_id = $1 ORDER BY t.n`,
      [storeId, digests],
    );
    if (rows.length !== tokens.length) {
      throw new Error(`Found ${rows.length} of ${tokens.length} carts by their tokens`);
    }
    return rows.map((row) => row.id);
  });
}
