import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { MoneyView } from '../../common/money/money-view.js';
import { OptionSerializer, type OptionValueView } from './option.serializer.js';
import {
  missingPriceView,
  originalPriceView,
  priceView,
  type PriceView,
  type ShownPriceView,
} from './price-view.js';
import { ProductReadRepository, type VariantRow } from './product-read.repository.js';
import type { Variant } from './variant.entity.js';
import { type MediaView, thumbnailUrlOf } from './product-media.js';

export interface VariantView {
  id: string;
  product_id: string;
  sku: string;
  options_text: string;
  weight: number | null;
  height: number | null;
  width: number | null;
  depth: number | null;
  position: number;
  track_inventory: boolean;
  in_stock: boolean;
  backorderable: boolean;
  purchasable: boolean;
  preorder: false;
  preorder_ships_at: null;
  media_count: number;
  thumbnail_url: string | null;
  price: ShownPriceView;
  original_price: PriceView | null;
  compare_at_price: MoneyView | null;
  option_values: OptionValueView[];
}

/** The v3 representation of a variant, for API responses and event payloads alike. */
@Injectable()
export class VariantSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly options: OptionSerializer,
    private readonly products: ProductReadRepository,
  ) {}

  /**
   * `productMedia` is the product's: the variant shows those attached to it, and its thumbnail
   * is its own first image or else the product's.
   */
  serialize(
    variant: VariantRow,
    productId: string,
    currency: string,
    productMedia: readonly MediaView[] = [],
  ): VariantView {
    const inStock = !variant.track_inventory || variant.count_on_hand > 0;
    const backorderable = variant.track_inventory && variant.backorderable;
    const price: ShownPriceView =
      variant.price_id === null || variant.amount === null
        ? missingPriceView(currency)
        : priceView(
            this.ids.encode(ID_PREFIX.price, variant.price_id),
            variant.amount,
            variant.compare_at_amount,
            currency,
          );
    const id = this.ids.encode(ID_PREFIX.variant, variant.id);
    const media = productMedia.filter((candidate) => candidate.variant_ids.includes(id));
    return {
      id,
      product_id: productId,
      sku: variant.sku,
      options_text: variant.options_text,
      weight: numberOrNull(variant.weight),
      height: numberOrNull(variant.height),
      width: numberOrNull(variant.width),
      depth: numberOrNull(variant.depth),
      position: variant.position,
      track_inventory: variant.track_inventory,
      in_stock: inStock,
      backorderable,
      purchasable: price.amount !== null && (inStock || backorderable),
      preorder: false,
      preorder_ships_at: null,
      media_count: media.length,
      thumbnail_url: thumbnailUrlOf(media) ?? thumbnailUrlOf(productMedia),
      price,
      original_price: price.amount === null ? null : originalPriceView(price),
      compare_at_price: price.amount === null ? null : compareAtMoney(price),
      option_values: variant.option_values.map((row) => this.options.value(row)),
    };
  }

  async eventPayload(variant: Variant, manager: EntityManager): Promise<VariantView> {
    const [payload] = await this.eventPayloads([variant], manager);
    return payload;
  }

  /** The payloads of variants, their products read with one statement per store. */
  async eventPayloads(variants: Variant[], manager: EntityManager): Promise<VariantView[]> {
    const found = await this.products.findEachInTransaction(
      manager,
      variants.map(({ storeId, productId }) => ({ storeId, productId })),
    );
    return variants.map((variant, index) => {
      const { row: product, currency } = found[index];
      const row = product?.variants.find((candidate) => candidate.id === String(variant.id));
      if (!product || !row) throw new Error(`Variant ${variant.id} is not in the catalog`);
      return this.serialize(row, this.ids.encode(ID_PREFIX.product, product.id), currency);
    });
  }
}

/** The compare-at amount in the shape variants showed it before prices had ids. */
function compareAtMoney(price: PriceView): MoneyView | null {
  if (price.compare_at_amount === null) return null;
  return {
    amount: price.compare_at_amount,
    currency: price.currency,
    display_amount: price.display_compare_at_amount!,
  };
}

/** A numeric column as JSON hands it over (a number), whatever the driver made of it. */
function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}
