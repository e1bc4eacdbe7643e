import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { MAX_PAGE_SIZE } from '../../common/pagination/pagination.query.js';
import {
  PRODUCT_SORTS,
  type ProductView,
  StoreProductsService,
  type VariantView,
} from '../catalog/index.js';
import type { StoreContext } from '../stores/index.js';

/** A wished variant as the storefront shows it, with its product. */
export interface WishedVariant {
  variant: VariantView;
  product: Partial<ProductView>;
}

/**
 * Wished variants as the Store API shows them in a currency. Only variants of products the
 * storefront still shows are found: deleted variants, and those of deleted, archived or hidden
 * products, are left out.
 */
@Injectable()
export class WishedVariants {
  constructor(
    private readonly products: StoreProductsService,
    private readonly ids: PublicIdCodec,
  ) {}

  /** By internal variant id, for the variants of the given (internal) product ids. */
  async present(
    store: StoreContext,
    currency: string,
    productIds: readonly string[],
  ): Promise<Map<string, WishedVariant>> {
    const found = new Map<string, WishedVariant>();
    const distinct = [...new Set(productIds)];
    for (let start = 0; start < distinct.length; start += MAX_PAGE_SIZE) {
      const ids = distinct
        .slice(start, start + MAX_PAGE_SIZE)
        .map((id) => this.ids.encode(ID_PREFIX.product, id));
      const page = await this.products.list(
        store,
        { page: 1, limit: MAX_PAGE_SIZE, sort: PRODUCT_SORTS[0], expand: 'variants' },
        {},
        currency,
        { ids },
      );
      for (const product of page.data) {
        for (const variant of product.variants ?? []) {
          const id = this.ids.decode(ID_PREFIX.variant, variant.id);
          if (id) found.set(id, { variant, product });
        }
      }
    }
    return found;
  }
}
