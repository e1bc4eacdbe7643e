import { MigrationInterface, QueryRunner } from 'typeorm';

/** A product the Store API may list: the partial indexes below hold only these. */
const LISTED = `WHERE "status" = 'active' AND "deleted_at" IS NULL`;

/**
 * Indexes behind the Store API's product list, so that its page and its capped count cost the
 * same with ten thousand products as with ten: each sort read in index order over the listed
 * products only, and each product's checks (default variant priced, in stock, in a price range)
 * answered from index entries alone. And the lookup behind deleting a customer (its orders).
 */
const INDEXES: Array<[name: string, definition: string]> = [
  // The product list in each sort but price, ties broken by id.
  [
    'products_listed_store_id_created_at_id_idx',
    `"products" ("store_id", "created_at", "id") ${LISTED}`,
  ],
  [
    'products_listed_store_id_updated_at_id_idx',
    `"products" ("store_id", "updated_at", "id") ${LISTED}`,
  ],
  ['products_listed_store_id_name_id_idx', `"products" ("store_id", "name", "id") ${LISTED}`],
  [
    'products_listed_store_id_available_on_id_idx',
    `"products" ("store_id", COALESCE("available_on", "created_at"), "id") ${LISTED}`,
  ],
  // A product's live variants in order (its default one first), with what the checks read.
  [
    'variants_live_product_id_position_id_idx',
    `"variants" ("product_id", "position", "id") INCLUDE ("track_inventory", "store_id") WHERE "deleted_at" IS NULL`,
  ],
  // A variant's stock at each location.
  [
    'stock_items_variant_id_location_count_idx',
    `"stock_items" ("variant_id") INCLUDE ("stock_location_id", "count_on_hand", "backorderable")`,
  ],
  // Deleting a customer finds its orders (the foreign key's ON DELETE) without reading them all.
  ['orders_customer_id_idx', `"orders" ("customer_id") WHERE "customer_id" IS NOT NULL`],
];

export class CatalogListIndexes1795301600010 implements MigrationInterface {
  name = 'CatalogListIndexes1795301600010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, definition] of INDEXES) {
      await queryRunner.query(`CREATE INDEX IF NOT EXISTS "${name}" ON ${definition}`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of [...INDEXES].reverse()) {
      await queryRunner.query(`DROP INDEX IF EXISTS "public"."${name}"`);
    }
  }
}
