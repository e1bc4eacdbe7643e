import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff authorizing a new payment of a placed order is a gateway operation too (`authorize`): it
 * names no payment yet (the payment is made when it is settled, with what the gateway answered),
 * so `payment_id` may be null, and an order has at most one pending authorization (a partial
 * unique index: a concurrent one is refused, and the balance it may cover stays exact).
 */
export class PaymentAuthorizeOperations1795302303700 implements MigrationInterface {
  name = 'PaymentAuthorizeOperations1795302303700';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "payment_operations" ALTER COLUMN "payment_id" DROP NOT NULL,
        DROP CONSTRAINT "payment_operations_kind_check",
        ADD CONSTRAINT "payment_operations_kind_check"
          CHECK ("kind" IN ('authorize', 'capture', 'void', 'refund')),
        ADD CONSTRAINT "payment_operations_payment_id_check"
          CHECK (("kind" = 'authorize') = ("payment_id" IS NULL))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "payment_operations_pending_authorize_key" ON "payment_operations"
       ("order_id") WHERE "kind" = 'authorize' AND "state" = 'pending'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "payment_operations" WHERE "kind" = 'authorize'`);
    await queryRunner.query(`DROP INDEX "public"."payment_operations_pending_authorize_key"`);
    await queryRunner.query(
      `ALTER TABLE "payment_operations" DROP CONSTRAINT "payment_operations_payment_id_check",
        DROP CONSTRAINT "payment_operations_kind_check",
        ADD CONSTRAINT "payment_operations_kind_check"
          CHECK ("kind" IN ('capture', 'void', 'refund')),
        ALTER COLUMN "payment_id" SET NOT NULL`,
    );
  }
}
