import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Media of products: images (their original and WebP renditions kept in the blob store, under
 * keys made from their bytes) and external videos, ordered by position, each shown with some of
 * the product's variants or all of them.
 */
export class ProductMedia1795302301300 implements MigrationInterface {
  name = 'ProductMedia1795302301300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE "media" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "store_id" bigint NOT NULL, "product_id" bigint NOT NULL, "position" integer NOT NULL, "alt" text, "kind" text NOT NULL,
        "external_video_url" text, "source_url" text, "original_key" text, "content_type" text, "width" integer, "height" integer, "byte_size" integer,
        "focal_point_x" double precision, "focal_point_y" double precision, "status" text NOT NULL, "failure" text, "renditions" jsonb NOT NULL DEFAULT '{}',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "media_kind_check" CHECK ("kind" IN ('image', 'video')),
        CONSTRAINT "media_status_check" CHECK ("status" IN ('processing', 'ready', 'failed')),
        CONSTRAINT "media_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "media_product_id_position_idx" ON "media" ("product_id", "position")`,
      `ALTER TABLE "media" ADD CONSTRAINT "media_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE`,
      `ALTER TABLE "media" ADD CONSTRAINT "media_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE`,
      `CREATE TABLE "media_variants" ("media_id" bigint NOT NULL, "variant_id" bigint NOT NULL,
        CONSTRAINT "media_variants_pkey" PRIMARY KEY ("media_id", "variant_id"))`,
      `CREATE INDEX "media_variants_variant_id_idx" ON "media_variants" ("variant_id")`,
      `ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_media_id_fkey" FOREIGN KEY ("media_id") REFERENCES "media"("id") ON DELETE CASCADE`,
      `ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE CASCADE`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media_variants"`);
    await queryRunner.query(`DROP TABLE "media"`);
  }
}
