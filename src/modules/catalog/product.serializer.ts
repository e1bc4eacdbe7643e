import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { moneyView, type MoneyView } from '../../common/money/money-view.js';
import type { ProductRow, VariantRow } from './product-read.repository.js';

export interface VariantView {
  id: string;
  product_id: string;
  sku: string;
  options_text: string;
  weight: string | null;
  position: number;
  track_inventory: boolean;
  in_stock: boolean;
  backorderable: boolean;
  purchasable: boolean;
  price: MoneyView | null;
  compare_at_price: MoneyView | null;
}

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
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(
    product: ProductRow,
    currency: string,
    options: { expandVariants: boolean },
  ): ProductView {
    const productId = this.ids.encode(ID_PREFIX.product, product.id);
    const variants = product.variants.map((variant) =>
      this.serializeVariant(variant, productId, currency),
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

  private serializeVariant(variant: VariantRow, productId: string, currency: string): VariantView {
    const inStock = !variant.track_inventory || variant.count_on_hand > 0;
    const backorderable = variant.track_inventory && variant.backorderable;
    const price = moneyView(variant.amount, currency);
    return {
      id: this.ids.encode(ID_PREFIX.variant, variant.id),
      product_id: productId,
      sku: variant.sku,
      options_text: variant.options_text,
      weight: variant.weight,
      position: variant.position,
      track_inventory: variant.track_inventory,
      in_stock: inStock,
      backorderable,
      purchasable: price !== null && (inStock || backorderable),
      price,
      compare_at_price: moneyView(variant.compare_at_amount, currency),
    };
  }
}
