import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock administration: a stock location's address, at most one default location per store, and
 * `stock_movements`, the record of every change staff make to a stock item's count (who, why,
 * by how much, and the count it left).
 */
export class StockAdministration1795300814140 implements MigrationInterface {
  name = 'StockAdministration1795300814140';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "stock_locations" ADD "address1" text, ADD "address2" text, ADD "city" text,
       ADD "zipcode" text, ADD "state_name" text, ADD "phone" text`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "stock_locations_default_key" ON "stock_locations" ("store_id") WHERE is_default`,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_movements" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "store_id" bigint NOT NULL, "stock_item_id" bigint NOT NULL, "action" text NOT NULL,
        "quantity" integer NOT NULL, "count_on_hand" integer NOT NULL, "reason" text,
        "staff_user_id" bigint, "api_key_id" bigint,
        CONSTRAINT "stock_movements_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "stock_movements_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE,
        CONSTRAINT "stock_movements_stock_item_id_fkey" FOREIGN KEY ("stock_item_id") REFERENCES "stock_items"("id") ON DELETE CASCADE,
        CONSTRAINT "stock_movements_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE SET NULL,
        CONSTRAINT "stock_movements_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_movements_stock_item_id_idx" ON "stock_movements" ("stock_item_id", "id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stock_movements"`);
    await queryRunner.query(`DROP INDEX "public"."stock_locations_default_key"`);
    await queryRunner.query(
      `ALTER TABLE "stock_locations" DROP COLUMN "phone", DROP COLUMN "state_name",
       DROP COLUMN "zipcode", DROP COLUMN "city", DROP COLUMN "address2", DROP COLUMN "address1"`,
    );
  }
}
