import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each store's allowed origins: pages that may call its Store API from a browser (CORS). */
export class AllowedOrigins1795302300600 implements MigrationInterface {
  name = 'AllowedOrigins1795302300600';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "allowed_origins" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "store_id" bigint NOT NULL,
        "origin" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "allowed_origins_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "allowed_origins_store_id_fkey" FOREIGN KEY ("store_id")
          REFERENCES "stores"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "allowed_origins_store_id_origin_key"
         ON "allowed_origins" ("store_id", "origin")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "allowed_origins"`);
  }
}
