import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tax categories as records. Products, tax rates and delivery methods keep naming theirs by
 * `code` (their `tax_category` column), so the tax computation reads what it always read. Every
 * store gets the categories its records name, plus `default` (the default one); a store created
 * later gets `default` from a trigger, so that no store is ever without its default category.
 */
export class TaxCategories1795301400300 implements MigrationInterface {
  name = 'TaxCategories1795301400300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "tax_categories" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "code" text NOT NULL, "is_default" boolean NOT NULL DEFAULT false, "description" text, CONSTRAINT "tax_categories_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "tax_categories_store_id_name_key" ON "tax_categories" ("store_id", "name")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "tax_categories_store_id_code_key" ON "tax_categories" ("store_id", "code")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "tax_categories_store_id_default_key" ON "tax_categories" ("store_id") WHERE is_default`,
    );
    await queryRunner.query(
      `ALTER TABLE "tax_categories" ADD CONSTRAINT "tax_categories_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE`,
    );
    await queryRunner.query(
      `INSERT INTO tax_categories (store_id, name, code, is_default)
       SELECT id, 'default', 'default', true FROM stores`,
    );
    await queryRunner.query(
      `INSERT INTO tax_categories (store_id, name, code)
       SELECT DISTINCT store_id, tax_category, tax_category FROM (
         SELECT store_id, tax_category FROM products
         UNION SELECT store_id, tax_category FROM tax_rates
         UNION SELECT store_id, tax_category FROM delivery_methods WHERE tax_category IS NOT NULL
       ) used
       ON CONFLICT DO NOTHING`,
    );
    await queryRunner.query(
      `CREATE FUNCTION tax_categories_default_of_new_store() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO tax_categories (store_id, name, code, is_default)
         VALUES (NEW.id, 'default', 'default', true);
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER stores_default_tax_category AFTER INSERT ON stores
       FOR EACH ROW EXECUTE FUNCTION tax_categories_default_of_new_store()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "stores_default_tax_category" ON "stores"`);
    await queryRunner.query(`DROP FUNCTION "tax_categories_default_of_new_store"()`);
    await queryRunner.query(`DROP TABLE "tax_categories"`);
  }
}
