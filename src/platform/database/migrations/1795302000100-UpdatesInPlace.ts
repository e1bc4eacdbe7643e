import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lets PostgreSQL update the rows a checkout changes most in place (HOT: no new index entries, no
 * dead entries for later reads to step over), which it can only do when no index holds a changed
 * column and the row's page has room for its next version:
 * - a stock item's `count_on_hand` changes at every sale: no index includes it any more (the
 *   variant's stock is read through `stock_items (variant_id)`);
 * - an order is written several times during its checkout: its table's pages keep a fifth free,
 *   and two indexes whose columns begin a longer index (which serves every query they served)
 *   are dropped, as each write that cannot stay in place pays for every index.
 */
export class UpdatesInPlace1795302000100 implements MigrationInterface {
  name = 'UpdatesInPlace1795302000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP INDEX IF EXISTS "public"."stock_items_variant_id_location_count_idx"`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."orders_store_id_completed_at_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."orders_store_id_customer_id_idx"`);
    await queryRunner.query(`ALTER TABLE "orders" SET (fillfactor = 80)`);
    await queryRunner.query(`ALTER TABLE "stock_items" SET (fillfactor = 80)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stock_items" RESET (fillfactor)`);
    await queryRunner.query(`ALTER TABLE "orders" RESET (fillfactor)`);
    await queryRunner.query(
      `CREATE INDEX "orders_store_id_customer_id_idx" ON "orders" ("store_id", "customer_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "orders_store_id_completed_at_idx" ON "orders" ("store_id", "completed_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_items_variant_id_location_count_idx" ON "stock_items" ("variant_id") INCLUDE ("stock_location_id", "count_on_hand", "backorderable")`,
    );
  }
}
