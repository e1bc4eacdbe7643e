import { MigrationInterface, QueryRunner } from 'typeorm';

/** Free-form tags on orders and customers, as products have them (GIN-indexed for filtering). */
export class OrderAndCustomerTags1795300900100 implements MigrationInterface {
  name = 'OrderAndCustomerTags1795300900100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "tags" text array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "customers" ADD "tags" text array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`CREATE INDEX "orders_tags_idx" ON "orders" USING GIN ("tags")`);
    await queryRunner.query(`CREATE INDEX "customers_tags_idx" ON "customers" USING GIN ("tags")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."customers_tags_idx"`);
    await queryRunner.query(`DROP INDEX "public"."orders_tags_idx"`);
    await queryRunner.query(`ALTER TABLE "customers" DROP COLUMN "tags"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "tags"`);
  }
}
