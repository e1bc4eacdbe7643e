import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What reimbursements gave back counts as paid (Spree's `reimbursement_paid_total`): each order
 * keeps the sum of the refunds made for its reimbursements and of the returned value its
 * exchanges put toward new units, and each refund names the reimbursement it was made for.
 */
export class ReimbursedTotals1795302305200 implements MigrationInterface {
  name = 'ReimbursedTotals1795302305200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "orders" ADD COLUMN "reimbursed_total" numeric(20,4) NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(`ALTER TABLE "refunds" ADD COLUMN "reimbursement_id" bigint`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refunds" DROP COLUMN "reimbursement_id"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "reimbursed_total"`);
  }
}
