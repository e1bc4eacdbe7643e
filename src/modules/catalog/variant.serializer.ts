import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { moneyView, type MoneyView } from '../../common/money/money-view.js';
import { ProductReadRepository, type VariantRow } from './product-read.repository.js';
import type { Variant } from './variant.entity.js';

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

/** The v3 representation of a variant, for API responses and event payloads alike. */
@Injectable()
export class VariantSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly products: ProductReadRepository,
  ) {}

  serialize(variant: VariantRow, productId: string, currency: string): VariantView {
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

  async eventPayload(variant: Variant, manager: EntityManager): Promise<VariantView> {
    const found = await this.products.findInTransaction(
      manager,
      variant.storeId,
      variant.productId,
    );
    const row = found?.row.variants.find((candidate) => candidate.id === String(variant.id));
    if (!found || !row) throw new Error(`Variant ${variant.id} is not in the catalog`);
    const productId = this.ids.encode(ID_PREFIX.product, found.row.id);
    return this.serialize(row, productId, found.currency);
  }
}
