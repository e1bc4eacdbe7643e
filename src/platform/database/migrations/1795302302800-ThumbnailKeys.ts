import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Products and variants keep the blob key of their thumbnail (their first image a storefront
 * shows: its medium rendition, else its original), so that order lines show it without reading
 * media. A variant's is its own first image's; none means its product's.
 */
export class ThumbnailKeys1795302302800 implements MigrationInterface {
  name = 'ThumbnailKeys1795302302800';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" ADD "thumbnail_key" text`);
    await queryRunner.query(`ALTER TABLE "variants" ADD "thumbnail_key" text`);
    await queryRunner.query(
      `UPDATE "products" p SET "thumbnail_key" = (
         SELECT COALESCE(m.renditions->'medium'->>'key', m.original_key) FROM media m
         WHERE m.product_id = p.id AND m.kind = 'image' AND m.original_key IS NOT NULL
           AND m.status <> 'failed'
         ORDER BY m.position, m.id LIMIT 1)
       WHERE EXISTS (SELECT 1 FROM media m WHERE m.product_id = p.id)`,
    );
    await queryRunner.query(
      `UPDATE "variants" v SET "thumbnail_key" = (
         SELECT COALESCE(m.renditions->'medium'->>'key', m.original_key)
         FROM media m JOIN media_variants mv ON mv.media_id = m.id AND mv.variant_id = v.id
         WHERE m.kind = 'image' AND m.original_key IS NOT NULL AND m.status <> 'failed'
         ORDER BY m.position, m.id LIMIT 1)
       WHERE EXISTS (SELECT 1 FROM media_variants mv WHERE mv.variant_id = v.id)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "variants" DROP COLUMN "thumbnail_key"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "thumbnail_key"`);
  }
}
