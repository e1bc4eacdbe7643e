import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff users managed through the Admin API: an invited user has no password until it accepts
 * its invitation, and a deactivated one keeps its row but cannot sign in.
 */
export class StaffUserAccess1795301000600 implements MigrationInterface {
  name = 'StaffUserAccess1795301000600';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "staff_users" ALTER COLUMN "password_digest" DROP NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "staff_users" ADD "deactivated_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `CREATE TABLE "staff_invitations" ("staff_user_id" bigint NOT NULL, "store_id" bigint NOT NULL,
        "token_digest" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "staff_invitations_pkey" PRIMARY KEY ("staff_user_id"),
        CONSTRAINT "staff_invitations_staff_user_id_fkey" FOREIGN KEY ("staff_user_id")
          REFERENCES "staff_users"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "staff_invitations_token_digest_key" ON "staff_invitations" ("token_digest")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "staff_invitations"`);
    await queryRunner.query(`ALTER TABLE "staff_users" DROP COLUMN "deactivated_at"`);
    await queryRunner.query(`DELETE FROM "staff_users" WHERE "password_digest" IS NULL`);
    await queryRunner.query(
      `ALTER TABLE "staff_users" ALTER COLUMN "password_digest" SET NOT NULL`,
    );
  }
}
