import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hosts a store answers to besides its URL's (`domains`), and which store answers requests
 * that name none (`is_default`; at most one). Without a flagged store the first one created is
 * the default.
 */
export class StoreDomainsAndDefault1795300700100 implements MigrationInterface {
  name = 'StoreDomainsAndDefault1795300700100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "stores" ADD "domains" text array NOT NULL DEFAULT '{}', ADD "is_default" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "stores_default_key" ON "stores" ("is_default") WHERE is_default`,
    );
    await queryRunner.query(`CREATE INDEX "stores_domains_idx" ON "stores" USING GIN ("domains")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."stores_domains_idx"`);
    await queryRunner.query(`DROP INDEX "public"."stores_default_key"`);
    await queryRunner.query(`ALTER TABLE "stores" DROP COLUMN "is_default", DROP COLUMN "domains"`);
  }
}
