import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `payment_operations`: a capture, void or refund staff asked of a payment's gateway, claimed
 * before the call (with the idempotency key the gateway gets) and settled after it, so that no
 * transaction is open while the gateway answers. One payment has at most one `pending` operation
 * (a partial unique index: a concurrent one is refused). `held_by` names the claim holding a
 * pending one and `held_until` its lease, renewed while its holder lives; one whose lease ran out is
 * found by the recovery sweep through a partial index. `test_gateway_operations` is the built-in
 * test gateway's own record of what it did under each key, as a provider keeps one.
 */
export class PaymentOperations1795302301700 implements MigrationInterface {
  name = 'PaymentOperations1795302301700';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "payment_operations" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "store_id" bigint NOT NULL, "order_id" bigint NOT NULL, "payment_id" bigint NOT NULL,
        "kind" text NOT NULL, "amount" numeric(20,4), "idempotency_key" uuid NOT NULL,
        "state" text NOT NULL DEFAULT 'pending', "details" jsonb NOT NULL DEFAULT '{}',
        "held_by" uuid, "held_until" TIMESTAMP WITH TIME ZONE, "reference" text, "failure_message" text,
        CONSTRAINT "payment_operations_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "payment_operations_idempotency_key_key" UNIQUE ("idempotency_key"),
        CONSTRAINT "payment_operations_kind_check" CHECK ("kind" IN ('capture', 'void', 'refund')),
        CONSTRAINT "payment_operations_state_check" CHECK ("state" IN ('pending', 'done', 'refused')),
        CONSTRAINT "payment_operations_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE,
        CONSTRAINT "payment_operations_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE,
        CONSTRAINT "payment_operations_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "payment_operations_pending_key" ON "payment_operations" ("payment_id")
       WHERE "state" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "payment_operations_held_until_idx" ON "payment_operations" ("held_until")
       WHERE "state" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "payment_operations_order_id_idx" ON "payment_operations" ("order_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "test_gateway_operations" ("idempotency_key" text NOT NULL,
        "action" text NOT NULL, "outcome" jsonb NOT NULL, "calls" integer NOT NULL DEFAULT 1,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "test_gateway_operations_pkey" PRIMARY KEY ("idempotency_key"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "test_gateway_operations"`);
    await queryRunner.query(`DROP TABLE "payment_operations"`);
  }
}
