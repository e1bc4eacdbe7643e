import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { StockItem } from './stock-item.entity.js';

export type StockItemRecord = Pick<
  StockItem,
  | 'id'
  | 'stockLocationId'
  | 'variantId'
  | 'countOnHand'
  | 'backorderable'
  | 'createdAt'
  | 'updatedAt'
>;

export interface StockItemView {
  id: string;
  stock_location_id: string;
  variant_id: string;
  count_on_hand: number;
  backorderable: boolean;
  created_at: string;
  updated_at: string;
}

/** The v3 representation of a stock item, for API responses and event payloads alike. */
@Injectable()
export class StockItemSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(item: StockItemRecord): StockItemView {
    return {
      id: this.ids.encode(ID_PREFIX.stockItem, item.id),
      stock_location_id: this.ids.encode(ID_PREFIX.stockLocation, item.stockLocationId),
      variant_id: this.ids.encode(ID_PREFIX.variant, item.variantId),
      count_on_hand: item.countOnHand,
      backorderable: item.backorderable,
      created_at: new Date(item.createdAt).toISOString(),
      updated_at: new Date(item.updatedAt).toISOString(),
    };
  }
}
