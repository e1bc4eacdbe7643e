import { ID_PREFIX } from '../../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../src/common/ids/public-id.js';
import type { TestApp } from '../test-app.js';

const STORE_TABLES = [
  'products',
  'variants',
  'option_types',
  'option_values',
  'categories',
  'stock_locations',
  'stock_items',
  'stock_movements',
];

/** Every catalog row of a store, as stored: to compare before and after a run. */
export async function catalogSnapshot(t: TestApp, storePublicId: string) {
  const storeId = t.app.get(PublicIdCodec).decode(ID_PREFIX.store, storePublicId);
  const snapshot: Record<string, unknown[]> = {};
  for (const table of STORE_TABLES) {
    const rows = await t.dataSource.query(
      `SELECT to_jsonb(r) AS row FROM ${table} r WHERE store_id = $1 ORDER BY id`,
      [storeId],
    );
    snapshot[table] = rows.map((row: { row: unknown }) => row.row);
  }
  snapshot.prices = (
    await t.dataSource.query(
      `SELECT to_jsonb(p) AS row FROM prices p JOIN variants v ON v.id = p.variant_id
       WHERE v.store_id = $1 ORDER BY p.id`,
      [storeId],
    )
  ).map((row: { row: unknown }) => row.row);
  return snapshot;
}
