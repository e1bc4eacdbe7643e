import { MigrationInterface, QueryRunner } from 'typeorm';

export class PaymentSessionsAndAmounts1795300400212 implements MigrationInterface {
  name = 'PaymentSessionsAndAmounts1795300400212';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payments" ADD "metadata" jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(
      `ALTER TABLE "payments" ADD "covers_balance" boolean NOT NULL DEFAULT true`,
    );
    // Store credit was always drawn for a set amount; card and check payments covered the rest.
    await queryRunner.query(
      `UPDATE "payments" SET "covers_balance" = false WHERE "store_credit_id" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "line_items" ADD "metadata" jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(
      `CREATE TABLE "payment_sessions" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "order_id" bigint NOT NULL, "payment_method_id" bigint NOT NULL, "payment_id" bigint, "status" text NOT NULL DEFAULT 'pending', "currency" character(3) NOT NULL, "amount" numeric(20,4) NOT NULL, "external_id" text NOT NULL, "external_data" jsonb NOT NULL DEFAULT '{}', "source" jsonb, "session_result" text, CONSTRAINT "payment_sessions_status_check" CHECK (status IN ('pending', 'completed', 'failed', 'canceled')), CONSTRAINT "payment_sessions_amount_check" CHECK (amount > 0), CONSTRAINT "PK_payment_sessions" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "payment_sessions_order_id_idx" ON "payment_sessions" ("order_id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "payment_sessions_external_id_key" ON "payment_sessions" ("external_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment_sessions" ADD CONSTRAINT "FK_payment_sessions_store" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment_sessions" ADD CONSTRAINT "FK_payment_sessions_order" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment_sessions" ADD CONSTRAINT "FK_payment_sessions_method" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment_sessions" ADD CONSTRAINT "FK_payment_sessions_payment" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "payment_sessions"`);
    await queryRunner.query(`ALTER TABLE "line_items" DROP COLUMN "metadata"`);
    await queryRunner.query(`ALTER TABLE "payments" DROP COLUMN "covers_balance"`);
    await queryRunner.query(`ALTER TABLE "payments" DROP COLUMN "metadata"`);
  }
}
