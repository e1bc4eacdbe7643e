import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Prices carry their store, and the price-sorted product list walks the store's own prices of a
 * currency (`store_id, currency, amount, variant_id`) instead of every store's.
 */
export class PriceStore1795301900100 implements MigrationInterface {
  name = 'PriceStore1795301900100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "prices" ADD "store_id" bigint`);
    await queryRunner.query(
      `UPDATE "prices" p SET "store_id" = v."store_id" FROM "variants" v WHERE v."id" = p."variant_id"`,
    );
    await queryRunner.query(`ALTER TABLE "prices" ALTER COLUMN "store_id" SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "prices" ADD CONSTRAINT "FK_d40677e55be7ce9975032e278e4" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."prices_currency_amount_idx"`);
    await queryRunner.query(
      `CREATE INDEX "prices_store_id_currency_amount_idx" ON "prices" ("store_id", "currency", "amount", "variant_id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."prices_store_id_currency_amount_idx"`);
    await queryRunner.query(
      `CREATE INDEX "prices_currency_amount_idx" ON "prices" ("currency", "amount", "variant_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "prices" DROP CONSTRAINT "FK_d40677e55be7ce9975032e278e4"`,
    );
    await queryRunner.query(`ALTER TABLE "prices" DROP COLUMN "store_id"`);
  }
}
