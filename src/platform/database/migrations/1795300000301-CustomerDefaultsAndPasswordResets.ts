import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CustomerDefaultsAndPasswordResets1795300000301 implements MigrationInterface {
  name = 'CustomerDefaultsAndPasswordResets1795300000301';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "customers" ADD "bill_address_id" bigint, ADD "ship_address_id" bigint, ADD "metadata" jsonb NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(
      `ALTER TABLE "customers" ADD CONSTRAINT "customers_bill_address_id_fkey" FOREIGN KEY ("bill_address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customers" ADD CONSTRAINT "customers_ship_address_id_fkey" FOREIGN KEY ("ship_address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "customer_password_resets" ("customer_id" bigint NOT NULL, "store_id" bigint NOT NULL, "token_digest" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "customer_password_resets_pkey" PRIMARY KEY ("customer_id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "customer_password_resets_token_digest_key" ON "customer_password_resets" ("token_digest")`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_password_resets" ADD CONSTRAINT "customer_password_resets_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_password_resets" ADD CONSTRAINT "customer_password_resets_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "customer_password_resets"`);
    await queryRunner.query(
      `ALTER TABLE "customers" DROP CONSTRAINT "customers_ship_address_id_fkey", DROP CONSTRAINT "customers_bill_address_id_fkey"`,
    );
    await queryRunner.query(
      `ALTER TABLE "customers" DROP COLUMN "metadata", DROP COLUMN "ship_address_id", DROP COLUMN "bill_address_id"`,
    );
  }
}
