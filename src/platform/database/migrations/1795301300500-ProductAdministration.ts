import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Products and variants as staff manage them: a discontinue date, free-form metadata, the three
 * statuses, and soft deletion (placed orders keep pointing at what they sold). Slugs and SKUs are
 * unique among the records not deleted; a blank SKU is allowed any number of times.
 */
export class ProductAdministration1795301300500 implements MigrationInterface {
  name = 'ProductAdministration1795301300500';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "products" ADD "discontinue_on" TIMESTAMP WITH TIME ZONE, ADD "metadata" jsonb NOT NULL DEFAULT '{}', ADD "deleted_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK (status IN ('draft', 'active', 'archived'))`,
    );
    await queryRunner.query(`DROP INDEX "public"."products_store_id_slug_key"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "products_store_id_slug_key" ON "products" ("store_id", "slug") WHERE deleted_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "products_store_id_updated_at_idx" ON "products" ("store_id", "updated_at")`,
    );
    await queryRunner.query(`ALTER TABLE "variants" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`DROP INDEX "public"."variants_store_id_sku_key"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "variants_store_id_sku_key" ON "variants" ("store_id", "sku") WHERE deleted_at IS NULL AND sku <> ''`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."variants_store_id_sku_key"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "variants_store_id_sku_key" ON "variants" ("store_id", "sku")`,
    );
    await queryRunner.query(`ALTER TABLE "variants" DROP COLUMN "deleted_at"`);
    await queryRunner.query(`DROP INDEX "public"."products_store_id_updated_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."products_store_id_slug_key"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "products_store_id_slug_key" ON "products" ("store_id", "slug")`,
    );
    await queryRunner.query(`ALTER TABLE "products" DROP CONSTRAINT "products_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "products" DROP COLUMN "deleted_at", DROP COLUMN "metadata", DROP COLUMN "discontinue_on"`,
    );
  }
}
