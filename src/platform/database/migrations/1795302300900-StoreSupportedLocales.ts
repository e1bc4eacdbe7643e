import { MigrationInterface, QueryRunner } from 'typeorm';

/** The locales a store's storefronts may ask for (`X-Store-Locale`), its default among them. */
export class StoreSupportedLocales1795302300900 implements MigrationInterface {
  name = 'StoreSupportedLocales1795302300900';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "stores" ADD "supported_locales" text array NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(`UPDATE "stores" SET "supported_locales" = ARRAY["default_locale"]`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stores" DROP COLUMN "supported_locales"`);
  }
}
