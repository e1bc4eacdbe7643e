import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Edits of placed orders: a draft of line changes per order (at most one open, by a partial unique
 * index), confirmed or canceled, with the refund of a credit owed and the payment session of a
 * balance due it led to.
 */
export class OrderEdits1795302305010 implements MigrationInterface {
  name = 'OrderEdits1795302305010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "order_edits" (
      "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "store_id" bigint NOT NULL REFERENCES "stores"("id") ON DELETE CASCADE,
      "order_id" bigint NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
      "state" text NOT NULL DEFAULT 'draft',
      "items" jsonb NOT NULL DEFAULT '[]',
      "preview" jsonb NOT NULL DEFAULT '{}',
      "refund_state" text,
      "refund_ids" bigint[] NOT NULL DEFAULT '{}',
      "failure_message" text,
      "payment_session_id" bigint REFERENCES "payment_sessions"("id") ON DELETE SET NULL,
      "confirmed_at" TIMESTAMP WITH TIME ZONE,
      "canceled_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "order_edits_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "order_edits_state_check" CHECK ("state" IN ('draft', 'confirmed', 'canceled')),
      CONSTRAINT "order_edits_refund_state_check" CHECK ("refund_state" IN ('refunded', 'failed')))`);
    await queryRunner.query(
      `CREATE INDEX "order_edits_order_id_idx" ON "order_edits" ("order_id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "order_edits_one_draft_key" ON "order_edits" ("order_id") WHERE "state" = 'draft'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_edits"`);
  }
}
