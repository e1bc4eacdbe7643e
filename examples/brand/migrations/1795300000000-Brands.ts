import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The `brands` table, as the Brand entity maps it. */
export class Brands1795300000000 implements MigrationInterface {
  name = 'Brands1795300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "brands" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "handle" text NOT NULL, "description" text, "featured_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "brands_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "brands_store_id_handle_key" ON "brands" ("store_id", "handle")`,
    );
    await queryRunner.query(
      `ALTER TABLE "brands" ADD CONSTRAINT "brands_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "brands"`);
  }
}
