import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stores that ask new customers to confirm their e-mail address: the setting, when each customer
 * confirmed (everyone until now counts as confirmed when they registered; a customer created
 * without asking, by staff say, is confirmed at once) and the one outstanding confirmation token
 * of a customer, kept as a keyed hash.
 */
export class AccountConfirmation1795302301100 implements MigrationInterface {
  name = 'AccountConfirmation1795302301100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `ALTER TABLE "stores" ADD "account_confirmation_required" boolean NOT NULL DEFAULT false`,
      `ALTER TABLE "customers" ADD "confirmed_at" TIMESTAMP WITH TIME ZONE`,
      `UPDATE "customers" SET "confirmed_at" = "created_at"`,
      `ALTER TABLE "customers" ALTER COLUMN "confirmed_at" SET DEFAULT now()`,
      `CREATE TABLE "customer_account_confirmations" ("customer_id" bigint NOT NULL, "store_id" bigint NOT NULL, "token_digest" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "customer_account_confirmations_pkey" PRIMARY KEY ("customer_id"))`,
      `CREATE UNIQUE INDEX "customer_account_confirmations_token_digest_key" ON "customer_account_confirmations" ("token_digest")`,
      `ALTER TABLE "customer_account_confirmations" ADD CONSTRAINT "customer_account_confirmations_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE`,
      `ALTER TABLE "customer_account_confirmations" ADD CONSTRAINT "customer_account_confirmations_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "customer_account_confirmations"`);
    await queryRunner.query(`ALTER TABLE "customers" DROP COLUMN "confirmed_at"`);
    await queryRunner.query(`ALTER TABLE "stores" DROP COLUMN "account_confirmation_required"`);
  }
}
