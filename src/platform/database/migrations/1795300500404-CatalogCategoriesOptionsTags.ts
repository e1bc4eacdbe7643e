import { MigrationInterface, QueryRunner } from 'typeorm';

export class CatalogCategoriesOptionsTags1795300500404 implements MigrationInterface {
  name = 'CatalogCategoriesOptionsTags1795300500404';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "products" ADD "meta_title" text, ADD "meta_description" text, ADD "meta_keywords" text, ADD "tags" text array NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(`CREATE INDEX "products_tags_idx" ON "products" USING GIN ("tags")`);
    await queryRunner.query(
      `ALTER TABLE "variants" ADD "height" numeric(12,3), ADD "width" numeric(12,3), ADD "depth" numeric(12,3)`,
    );
    await queryRunner.query(
      `CREATE TABLE "option_types" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "label" text NOT NULL, "position" integer NOT NULL DEFAULT '0', "kind" text NOT NULL DEFAULT 'dropdown', CONSTRAINT "option_types_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "option_types_store_id_name_key" ON "option_types" ("store_id", "name")`,
    );
    await queryRunner.query(
      `CREATE TABLE "option_values" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "option_type_id" bigint NOT NULL, "name" text NOT NULL, "label" text NOT NULL, "position" integer NOT NULL DEFAULT '0', "color_code" text, CONSTRAINT "option_values_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "option_values_option_type_id_name_key" ON "option_values" ("option_type_id", "name")`,
    );
    await queryRunner.query(
      `CREATE TABLE "variant_option_values" ("variant_id" bigint NOT NULL, "option_value_id" bigint NOT NULL, CONSTRAINT "variant_option_values_pkey" PRIMARY KEY ("variant_id", "option_value_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "variant_option_values_option_value_id_idx" ON "variant_option_values" ("option_value_id")`,
    );

    await queryRunner.query(
      `CREATE TABLE "categories" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "parent_id" bigint, "name" text NOT NULL, "permalink" text NOT NULL, "position" integer NOT NULL DEFAULT '0', "depth" integer NOT NULL DEFAULT '0', "description" text, "meta_title" text, "meta_description" text, "meta_keywords" text, CONSTRAINT "categories_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "categories_store_id_permalink_key" ON "categories" ("store_id", "permalink")`,
    );
    await queryRunner.query(
      `CREATE INDEX "categories_parent_id_position_idx" ON "categories" ("parent_id", "position")`,
    );
    await queryRunner.query(
      `CREATE TABLE "product_categories" ("product_id" bigint NOT NULL, "category_id" bigint NOT NULL, "position" integer NOT NULL DEFAULT '0', CONSTRAINT "product_categories_pkey" PRIMARY KEY ("product_id", "category_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "product_categories_category_id_idx" ON "product_categories" ("category_id")`,
    );

    const foreignKeys: [table: string, column: string, references: string][] = [
      ['option_types', 'store_id', 'stores'],
      ['option_values', 'store_id', 'stores'],
      ['option_values', 'option_type_id', 'option_types'],
      ['variant_option_values', 'variant_id', 'variants'],
      ['variant_option_values', 'option_value_id', 'option_values'],
      ['categories', 'store_id', 'stores'],
      ['categories', 'parent_id', 'categories'],
      ['product_categories', 'product_id', 'products'],
      ['product_categories', 'category_id', 'categories'],
    ];
    for (const [table, column, references] of foreignKeys) {
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_${column}_fkey" FOREIGN KEY ("${column}") REFERENCES "${references}"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "product_categories"`);
    await queryRunner.query(`DROP TABLE "categories"`);
    await queryRunner.query(`DROP TABLE "variant_option_values"`);
    await queryRunner.query(`DROP TABLE "option_values"`);
    await queryRunner.query(`DROP TABLE "option_types"`);
    await queryRunner.query(
      `ALTER TABLE "variants" DROP COLUMN "depth", DROP COLUMN "width", DROP COLUMN "height"`,
    );
    await queryRunner.query(`DROP INDEX "public"."products_tags_idx"`);
    await queryRunner.query(
      `ALTER TABLE "products" DROP COLUMN "tags", DROP COLUMN "meta_keywords", DROP COLUMN "meta_description", DROP COLUMN "meta_title"`,
    );
  }
}
