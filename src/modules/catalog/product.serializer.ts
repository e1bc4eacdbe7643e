import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { EntityManager } from 'typeorm';
import type { MoneyView } from '../../common/money/money-view.js';
import { ProductReadRepository, type ProductRow } from './product-read.repository.js';
import type { Product } from './product.entity.js';
import { VariantSerializer, type VariantView } from './variant.serializer.js';

export interface ProductView {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  available_on: string | null;
  purchasable: boolean;
  in_stock: boolean;
  backorderable: boolean;
  price: MoneyView | null;
  compare_at_price: MoneyView | null;
  default_variant_id: string | null;
  variant_count: number;
  created_at: string;
  updated_at: string;
  variants?: VariantView[];
}

/** The v3 representation of products and variants, for API responses and event payloads alike. */
@Injectable()
export class ProductSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly variants: VariantSerializer,
    private readonly products: ProductReadRepository,
  ) {}

  serialize(
    product: ProductRow,
    currency: string,
    options: { expandVariants: boolean },
  ): ProductView {
    const productId = this.ids.encode(ID_PREFIX.product, product.id);
    const variants = product.variants.map((variant) =>
      this.variants.serialize(variant, productId, currency),
    );
    const defaultVariant = variants[0];
    const view: ProductView = {
      id: productId,
      name: product.name,
      slug: product.slug,
      description: product.description,
      available_on: product.available_on ? new Date(product.available_on).toISOString() : null,
      purchasable: variants.some((variant) => variant.purchasable),
      in_stock: variants.some((variant) => variant.in_stock),
      backorderable: variants.some((variant) => variant.backorderable),
      price: defaultVariant?.price ?? null,
      compare_at_price: defaultVariant?.compare_at_price ?? null,
      default_variant_id: defaultVariant?.id ?? null,
      variant_count: variants.length,
      created_at: new Date(product.created_at).toISOString(),
      updated_at: new Date(product.updated_at).toISOString(),
    };
    if (options.expandVariants) view.variants = variants;
    return view;
  }

  async eventPayload(product: Product, manager: EntityManager): Promise<ProductView> {
    const found = await this.products.findInTransaction(manager, product.storeId, product.id);
    if (!found) throw new Error(`Product ${product.id} is not in the catalog`);
    return this.serialize(found.row, found.currency, { expandVariants: true });
  }
}
