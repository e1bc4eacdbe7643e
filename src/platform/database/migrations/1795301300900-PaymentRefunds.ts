import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `refunds`: money given back on a captured payment (amount, reason, the gateway's reference, and
 * the staff user or API key that gave it). An order's payment total is what its completed
 * payments captured less what was refunded of them.
 */
export class PaymentRefunds1795301300900 implements MigrationInterface {
  name = 'PaymentRefunds1795301300900';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "refunds" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "store_id" bigint NOT NULL, "order_id" bigint NOT NULL, "payment_id" bigint NOT NULL,
        "amount" numeric(20,4) NOT NULL, "reason" text, "transaction_id" text,
        "staff_user_id" bigint, "api_key_id" bigint,
        CONSTRAINT "refunds_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "refunds_amount_check" CHECK ("amount" > 0),
        CONSTRAINT "refunds_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE,
        CONSTRAINT "refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE,
        CONSTRAINT "refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE CASCADE,
        CONSTRAINT "refunds_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE SET NULL,
        CONSTRAINT "refunds_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "refunds_payment_id_idx" ON "refunds" ("payment_id")`);
    await queryRunner.query(`CREATE INDEX "refunds_order_id_idx" ON "refunds" ("order_id", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "refunds"`);
  }
}
