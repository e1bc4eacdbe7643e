import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';

/** Whose media a route is about: a product of the store, and maybe one of its variants. */
export interface MediaOwner {
  storeId: string;
  productId: string;
  variantId?: string;
}

/** Resolves the public ids of Admin media routes to rows of the caller's store (else 404/422). */
@Injectable()
export class MediaTargets {
  constructor(private readonly ids: PublicIdCodec) {}

  /**
   * The product (locked until the transaction ends, so that changes to its media's order never
   * interleave) and the variant, when the route names one.
   */
  async owner(
    manager: EntityManager,
    storeId: string,
    productPublicId: string,
    variantPublicId?: string,
  ): Promise<MediaOwner> {
    const productId = this.ids.decode(ID_PREFIX.product, productPublicId);
    const [product] = productId
      ? ((await manager.query(
          `SELECT id::text AS id FROM products
           WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL FOR NO KEY UPDATE`,
          [productId, storeId],
        )) as { id: string }[])
      : [];
    if (!product) throw StoreError.notFound('product');
    if (variantPublicId === undefined) return { storeId, productId: product.id };
    const [variantId] = await this.variantsOf(manager, product.id, [variantPublicId]);
    if (variantId === undefined) throw StoreError.notFound('variant');
    return { storeId, productId: product.id, variantId };
  }

  /** The internal ids of `variant_ids`, each a variant of the product; any other: 422. */
  async variantIds(
    manager: EntityManager,
    productId: string,
    publicIds: readonly string[],
  ): Promise<string[]> {
    const found = await this.variantsOf(manager, productId, publicIds);
    if (found.length !== new Set(publicIds).size) {
      throw new StoreError('validation_error', 'The request failed validation', {
        variant_ids: ['must name variants of the product'],
      });
    }
    return found;
  }

  /** The internal id of a media of the owner (attached to its variant, if it names one). */
  async mediaId(manager: EntityManager, owner: MediaOwner, mediaPublicId: string): Promise<string> {
    const id = this.ids.decode(ID_PREFIX.media, mediaPublicId);
    const [found] = id
      ? ((await manager.query(
          `SELECT m.id::text AS id FROM media m
           WHERE m.id = $1 AND m.product_id = $2
             AND ($3::bigint IS NULL OR EXISTS (
               SELECT 1 FROM media_variants v WHERE v.media_id = m.id AND v.variant_id = $3))
           FOR UPDATE`,
          [id, owner.productId, owner.variantId ?? null],
        )) as { id: string }[])
      : [];
    if (!found) throw StoreError.notFound('media');
    return found.id;
  }

  private async variantsOf(
    manager: EntityManager,
    productId: string,
    publicIds: readonly string[],
  ): Promise<string[]> {
    const ids = publicIds.map((id) => this.ids.decode(ID_PREFIX.variant, id));
    if (ids.some((id) => !id)) return [];
    const rows = (await manager.query(
      `SELECT id::text AS id FROM variants
       WHERE product_id = $1 AND id = ANY($2::bigint[]) AND deleted_at IS NULL ORDER BY id`,
      [productId, ids],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }
}
