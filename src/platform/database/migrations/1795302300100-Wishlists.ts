import { MigrationInterface, QueryRunner } from 'typeorm';

const ID = `"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" bigint NOT NULL`;

const references = (table: string, column: string, target: string, onDelete: string) =>
  `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_${column}_fkey" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE ${onDelete}`;

/**
 * Customers' wishlists (at most one default per customer and store, a share token kept as a
 * digest and a sealed copy) and the variants wished on them (one item per variant and list).
 */
export class Wishlists1795302300100 implements MigrationInterface {
  name = 'Wishlists1795302300100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE "wishlists" (${ID}, "customer_id" bigint NOT NULL, "name" text NOT NULL, "is_private" boolean NOT NULL DEFAULT true, "is_default" boolean NOT NULL DEFAULT false, "token_digest" text NOT NULL, "token_sealed" text NOT NULL,
        CONSTRAINT "wishlists_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "wishlists_customer_id_idx" ON "wishlists" ("store_id", "customer_id")`,
      `CREATE UNIQUE INDEX "wishlists_token_digest_key" ON "wishlists" ("token_digest")`,
      `CREATE UNIQUE INDEX "wishlists_one_default_key" ON "wishlists" ("store_id", "customer_id") WHERE is_default`,
      references('wishlists', 'store_id', 'stores', 'CASCADE'),
      references('wishlists', 'customer_id', 'customers', 'CASCADE'),
      `CREATE TABLE "wished_items" (${ID}, "wishlist_id" bigint NOT NULL, "variant_id" bigint NOT NULL, "quantity" integer NOT NULL DEFAULT 1,
        CONSTRAINT "wished_items_quantity_check" CHECK (quantity > 0),
        CONSTRAINT "wished_items_pkey" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "wished_items_wishlist_id_variant_id_key" ON "wished_items" ("wishlist_id", "variant_id")`,
      `CREATE INDEX "wished_items_variant_id_idx" ON "wished_items" ("variant_id")`,
      references('wished_items', 'store_id', 'stores', 'CASCADE'),
      references('wished_items', 'wishlist_id', 'wishlists', 'CASCADE'),
      references('wished_items', 'variant_id', 'variants', 'CASCADE'),
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "wished_items"`);
    await queryRunner.query(`DROP TABLE "wishlists"`);
  }
}
