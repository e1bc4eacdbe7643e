import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A card payment held (`processing`) for a gateway call carries its holder's lease: `held_by`
 * names the claim, and `held_until` is renewed by the holder while it works. A lease that ran out
 * was left by a process that died, and is taken over at once by the next completion of the cart
 * or by the recovery sweep, which finds such payments through a partial index. Payments already
 * held keep the ten minutes the sweep used to grant them.
 */
export class PaymentClaimLease1795302100200 implements MigrationInterface {
  name = 'PaymentClaimLease1795302100200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "payments" ADD "held_by" uuid, ADD "held_until" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `UPDATE "payments" SET "held_until" = "updated_at" + interval '10 minutes'
       WHERE "state" = 'processing'`,
    );
    await queryRunner.query(
      `CREATE INDEX "payments_held_until_idx" ON "payments" ("held_until")
       WHERE "state" = 'processing'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."payments_held_until_idx"`);
    await queryRunner.query(
      `ALTER TABLE "payments" DROP COLUMN "held_until", DROP COLUMN "held_by"`,
    );
  }
}
