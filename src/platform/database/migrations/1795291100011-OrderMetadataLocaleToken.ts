import { MigrationInterface, QueryRunner } from 'typeorm';

export class OrderMetadataLocaleToken1795291100011 implements MigrationInterface {
  name = 'OrderMetadataLocaleToken1795291100011';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "metadata" jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "locale" character varying(16)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "token_sealed" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "token_sealed"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "locale"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "metadata"`);
  }
}
