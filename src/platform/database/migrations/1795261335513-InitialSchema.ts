import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795261335513 implements MigrationInterface {
  name = 'InitialSchema1795261335513';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "stores" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" text NOT NULL, "code" text NOT NULL, "url" text, "default_currency" character(3) NOT NULL, "supported_currencies" text array NOT NULL, "default_locale" text NOT NULL DEFAULT 'en', "mail_from_address" text, "staff_notification_address" text, CONSTRAINT "PK_7aa6e7d71fa7acdd7ca43d7c9cb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "stores_code_key" ON "stores"  ("code") `);
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "key_type" text NOT NULL, "token_digest" character(64) NOT NULL, "token_prefix" text NOT NULL, "scopes" text array NOT NULL DEFAULT '{}', "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "api_keys_token_digest_key" ON "api_keys"  ("token_digest") `,
    );
    await queryRunner.query(`CREATE INDEX "api_keys_store_id_idx" ON "api_keys"  ("store_id") `);
    await queryRunner.query(
      `CREATE TABLE "roles" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "scopes" text array NOT NULL DEFAULT '{}', CONSTRAINT "PK_c1433d71a4838793a49dcad46ab" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "roles_store_id_name_key" ON "roles"  ("store_id", "name") `,
    );
    await queryRunner.query(
      `CREATE TABLE "staff_users" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "email" text NOT NULL, "password_digest" text NOT NULL, "role_id" bigint NOT NULL, CONSTRAINT "PK_c6b167335377df69f7910c2c75e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "staff_users_store_id_email_key" ON "staff_users"  ("store_id", "email") `,
    );
    await queryRunner.query(
      `CREATE TABLE "prices" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "variant_id" bigint NOT NULL, "currency" character(3) NOT NULL, "amount" numeric(20,4) NOT NULL, "compare_at_amount" numeric(20,4), CONSTRAINT "PK_2e40b9e4e631a53cd514d82ccd2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "prices_variant_id_currency_key" ON "prices"  ("variant_id", "currency") `,
    );
    await queryRunner.query(
      `CREATE TABLE "products" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "slug" text NOT NULL, "description" text, "status" text NOT NULL DEFAULT 'active', "available_on" TIMESTAMP WITH TIME ZONE, "tax_category" text NOT NULL DEFAULT 'default', CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "products_store_id_created_at_idx" ON "products"  ("store_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "products_store_id_slug_key" ON "products"  ("store_id", "slug") `,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_items" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "stock_location_id" bigint NOT NULL, "variant_id" bigint NOT NULL, "count_on_hand" integer NOT NULL DEFAULT '0', "backorderable" boolean NOT NULL DEFAULT false, CONSTRAINT "stock_items_count_on_hand_check" CHECK (backorderable OR count_on_hand >= 0), CONSTRAINT "PK_52a266aa3e04b8ad1f01088f3f0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_items_variant_id_idx" ON "stock_items"  ("variant_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "stock_items_location_variant_key" ON "stock_items"  ("stock_location_id", "variant_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_locations" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "active" boolean NOT NULL DEFAULT true, "is_default" boolean NOT NULL DEFAULT false, "country_iso" character(2), CONSTRAINT "PK_86370cc527e4982c542b286f11c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "stock_locations_store_id_idx" ON "stock_locations"  ("store_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "variants" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "product_id" bigint NOT NULL, "sku" text NOT NULL, "options_text" text NOT NULL DEFAULT '', "weight" numeric(12,3), "position" integer NOT NULL DEFAULT '0', "track_inventory" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_672d13d1a6de0197f20c6babb5e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "variants_product_id_position_idx" ON "variants"  ("product_id", "position") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "variants_store_id_sku_key" ON "variants"  ("store_id", "sku") `,
    );
    await queryRunner.query(
      `CREATE TABLE "countries" ("iso" character(2) NOT NULL, "name" text NOT NULL, "states_required" boolean NOT NULL DEFAULT false, "zipcode_required" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_a1c0d005a87cc318b4ddda4d925" PRIMARY KEY ("iso"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "zones" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL, "name" text NOT NULL, "description" text, "country_isos" character(2) array NOT NULL, CONSTRAINT "PK_880484a43ca311707b05895bd4a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "zones_store_id_name_key" ON "zones"  ("store_id", "name") `,
    );
    await queryRunner.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "FK_5fda815ecb41c4c37e33f812b40" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "roles" ADD CONSTRAINT "FK_c9f877a44914320ba21b00b7465" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "staff_users" ADD CONSTRAINT "FK_2fbd2cc9b60d402dd77c352ddad" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "staff_users" ADD CONSTRAINT "FK_9004736d4a5981c3f8386d98821" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "prices" ADD CONSTRAINT "FK_32d5d9b0035c5bf99a48863b022" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "FK_68863607048a1abd43772b314ef" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_items" ADD CONSTRAINT "FK_71cb5b8bc3dab8beb81af89d8b6" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_items" ADD CONSTRAINT "FK_2a266f789ed65619288c72fa892" FOREIGN KEY ("stock_location_id") REFERENCES "stock_locations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_items" ADD CONSTRAINT "FK_b55768f69c84b96231a194a100b" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_locations" ADD CONSTRAINT "FK_3ba5413577c2fbb72300237cb1b" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "variants" ADD CONSTRAINT "FK_a629220f1d97cab40d7e64d594e" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "variants" ADD CONSTRAINT "FK_a9625f5484e6b6941d401ec101c" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "zones" ADD CONSTRAINT "FK_a92fe636e443537e8a8a7ae953f" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "zones" DROP CONSTRAINT "FK_a92fe636e443537e8a8a7ae953f"`);
    await queryRunner.query(
      `ALTER TABLE "variants" DROP CONSTRAINT "FK_a9625f5484e6b6941d401ec101c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "variants" DROP CONSTRAINT "FK_a629220f1d97cab40d7e64d594e"`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_locations" DROP CONSTRAINT "FK_3ba5413577c2fbb72300237cb1b"`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_items" DROP CONSTRAINT "FK_b55768f69c84b96231a194a100b"`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_items" DROP CONSTRAINT "FK_2a266f789ed65619288c72fa892"`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_items" DROP CONSTRAINT "FK_71cb5b8bc3dab8beb81af89d8b6"`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" DROP CONSTRAINT "FK_68863607048a1abd43772b314ef"`,
    );
    await queryRunner.query(
      `ALTER TABLE "prices" DROP CONSTRAINT "FK_32d5d9b0035c5bf99a48863b022"`,
    );
    await queryRunner.query(
      `ALTER TABLE "staff_users" DROP CONSTRAINT "FK_9004736d4a5981c3f8386d98821"`,
    );
    await queryRunner.query(
      `ALTER TABLE "staff_users" DROP CONSTRAINT "FK_2fbd2cc9b60d402dd77c352ddad"`,
    );
    await queryRunner.query(`ALTER TABLE "roles" DROP CONSTRAINT "FK_c9f877a44914320ba21b00b7465"`);
    await queryRunner.query(
      `ALTER TABLE "api_keys" DROP CONSTRAINT "FK_5fda815ecb41c4c37e33f812b40"`,
    );
    await queryRunner.query(`DROP INDEX "public"."zones_store_id_name_key"`);
    await queryRunner.query(`DROP TABLE "zones"`);
    await queryRunner.query(`DROP TABLE "countries"`);
    await queryRunner.query(`DROP INDEX "public"."variants_store_id_sku_key"`);
    await queryRunner.query(`DROP INDEX "public"."variants_product_id_position_idx"`);
    await queryRunner.query(`DROP TABLE "variants"`);
    await queryRunner.query(`DROP INDEX "public"."stock_locations_store_id_idx"`);
    await queryRunner.query(`DROP TABLE "stock_locations"`);
    await queryRunner.query(`DROP INDEX "public"."stock_items_location_variant_key"`);
    await queryRunner.query(`DROP INDEX "public"."stock_items_variant_id_idx"`);
    await queryRunner.query(`DROP TABLE "stock_items"`);
    await queryRunner.query(`DROP INDEX "public"."products_store_id_slug_key"`);
    await queryRunner.query(`DROP INDEX "public"."products_store_id_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "products"`);
    await queryRunner.query(`DROP INDEX "public"."prices_variant_id_currency_key"`);
    await queryRunner.query(`DROP TABLE "prices"`);
    await queryRunner.query(`DROP INDEX "public"."staff_users_store_id_email_key"`);
    await queryRunner.query(`DROP TABLE "staff_users"`);
    await queryRunner.query(`DROP INDEX "public"."roles_store_id_name_key"`);
    await queryRunner.query(`DROP TABLE "roles"`);
    await queryRunner.query(`DROP INDEX "public"."api_keys_store_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."api_keys_token_digest_key"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
    await queryRunner.query(`DROP INDEX "public"."stores_code_key"`);
    await queryRunner.query(`DROP TABLE "stores"`);
  }
}
