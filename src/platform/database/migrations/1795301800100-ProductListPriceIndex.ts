import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Store API's product list sorted by price reads a currency's prices in amount order, ties
 * in variant order, and stops after its page, however many products the store has.
 */
export class ProductListPriceIndex1795301800100 implements MigrationInterface {
  name = 'ProductListPriceIndex1795301800100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "prices_currency_amount_idx" ON "prices" ("currency", "amount", "variant_id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."prices_currency_amount_idx"`);
  }
}
