import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ProductPublisher } from '../catalog/index.js';

/** The medium rendition (else the original) of the first image a storefront shows. */
const FIRST_SHOWN_IMAGE = `
  SELECT COALESCE(m.renditions->'medium'->>'key', m.original_key) FROM media m
  WHERE m.kind = 'image' AND m.original_key IS NOT NULL AND m.status <> 'failed'`;

/**
 * Sets the thumbnail keys of a product and its variants from their media as they are now, in the
 * caller's transaction: catalog keeps them so that order lines show a thumbnail without reading
 * media.
 */
export async function refreshThumbnailKeys(
  manager: EntityManager,
  productId: string,
): Promise<void> {
  await manager.query(
    `WITH product AS (
       UPDATE products p SET thumbnail_key = (
         ${FIRST_SHOWN_IMAGE} AND m.product_id = p.id ORDER BY m.position, m.id LIMIT 1)
       WHERE p.id = $1)
     UPDATE variants v SET thumbnail_key = (
       ${FIRST_SHOWN_IMAGE} AND m.product_id = v.product_id
         AND EXISTS (SELECT 1 FROM media_variants mv WHERE mv.media_id = m.id AND mv.variant_id = v.id)
       ORDER BY m.position, m.id LIMIT 1)
     WHERE v.product_id = $1`,
    [productId],
  );
}

/** What follows any change of a product's media, in its transaction. */
@Injectable()
export class ProductMediaChanges {
  constructor(private readonly products: ProductPublisher) {}

  /** The product's thumbnail keys are set again and `product.updated` is published. */
  async changed(manager: EntityManager, storeId: string, productId: string): Promise<void> {
    await refreshThumbnailKeys(manager, productId);
    await this.products.updated(manager, storeId, productId);
  }
}
