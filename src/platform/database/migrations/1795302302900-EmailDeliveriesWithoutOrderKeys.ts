import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail deliveries name their order and customer without foreign keys. A delivery is recorded
 * right after the change that caused it, and a foreign key makes its insert share-lock the order's
 * row for the statement: an order change that claims the row at that moment (it never waits for
 * it) was refused with 409 although nobody else changed the order. The ids are a record of what
 * a mail was about; placed orders are never deleted, and a deleted customer's deliveries stay
 * listed under the id they had.
 */
export class EmailDeliveriesWithoutOrderKeys1795302302900 implements MigrationInterface {
  name = 'EmailDeliveriesWithoutOrderKeys1795302302900';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "email_deliveries" DROP CONSTRAINT "email_deliveries_order_id_fkey"`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_deliveries" DROP CONSTRAINT "email_deliveries_customer_id_fkey"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL`,
    );
  }
}
