import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exchanges: a reimbursement of kind `exchange` ships other variants of the returned units in
 * shipments of their own (`shipments.exchange`), beside the order's planned shipments, which stay
 * one per stock location; it records the new lines, their shipments, their value and the payment
 * session a higher price left to pay.
 */
export class Exchanges1795302305300 implements MigrationInterface {
  name = 'Exchanges1795302305300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "shipments" ADD COLUMN "exchange" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(`DROP INDEX "shipments_order_id_stock_location_id_key"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "shipments_order_id_stock_location_id_key" ON "shipments" ("order_id", "stock_location_id") WHERE NOT "exchange"`,
    );
    await queryRunner.query(`ALTER TABLE "reimbursements"
      ADD COLUMN "kind" text NOT NULL DEFAULT 'refund',
      ADD COLUMN "exchange_total" numeric(20,4) NOT NULL DEFAULT 0,
      ADD COLUMN "exchange_line_item_ids" bigint[] NOT NULL DEFAULT '{}',
      ADD COLUMN "exchange_shipment_ids" bigint[] NOT NULL DEFAULT '{}',
      ADD COLUMN "payment_session_id" bigint REFERENCES "payment_sessions"("id") ON DELETE SET NULL,
      ADD CONSTRAINT "reimbursements_kind_check" CHECK ("kind" IN ('refund', 'store_credit', 'exchange'))`);
    await queryRunner.query(
      `UPDATE "reimbursements" SET "kind" = 'store_credit' WHERE "store_credit_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reimbursements"
      DROP COLUMN "kind", DROP COLUMN "exchange_total", DROP COLUMN "exchange_line_item_ids",
      DROP COLUMN "exchange_shipment_ids", DROP COLUMN "payment_session_id"`);
    await queryRunner.query(`DELETE FROM "shipments" WHERE "exchange"`);
    await queryRunner.query(`DROP INDEX "shipments_order_id_stock_location_id_key"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "shipments_order_id_stock_location_id_key" ON "shipments" ("order_id", "stock_location_id")`,
    );
    await queryRunner.query(`ALTER TABLE "shipments" DROP COLUMN "exchange"`);
  }
}
