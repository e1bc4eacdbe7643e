import { MigrationInterface, QueryRunner } from 'typeorm';

/** What staff record with a store credit they give: a category, and who gave it. */
export class StoreCreditAdministration1795301100400 implements MigrationInterface {
  name = 'StoreCreditAdministration1795301100400';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "store_credits" ADD "category" text,
        ADD "created_by_staff_user_id" bigint, ADD "created_by_api_key_id" bigint,
        ADD CONSTRAINT "store_credits_created_by_staff_user_id_fkey" FOREIGN KEY ("created_by_staff_user_id") REFERENCES "staff_users"("id") ON DELETE SET NULL,
        ADD CONSTRAINT "store_credits_created_by_api_key_id_fkey" FOREIGN KEY ("created_by_api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "store_credits" DROP COLUMN "created_by_api_key_id",
        DROP COLUMN "created_by_staff_user_id", DROP COLUMN "category"`,
    );
  }
}
