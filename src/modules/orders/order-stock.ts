import { Injectable } from '@nestjs/common';
import type { StoreError } from '../../common/errors/store-error.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { ModelChange } from '../../events/index.js';
import {
  changesOfTaking,
  insufficientStock,
  type StockItemJson,
  type StockMovement,
} from '../catalog/index.js';
import type { LineSnapshot } from './order-snapshot.js';

/**
 * What an order's units are to the catalog's stock ledger, which alone writes stock: the lines
 * that track inventory, as the movements a placing takes (through the ledger's `takeStockSql`,
 * inside the placing statement) and a cancellation gives back.
 */
@Injectable()
export class OrderStock {
  constructor(private readonly ids: PublicIdCodec) {}

  /** The tracked lines' movements, in variant order. */
  movements(lines: readonly LineSnapshot[]): StockMovement[] {
    return lines
      .filter((line) => line.track_inventory)
      .map((line) => ({ variantId: line.variant_id, quantity: line.quantity }))
      .sort((a, b) => compareKeys(a.variantId, b.variantId));
  }

  /**
   * `stock_item.updated` for each item taken, in variant order; throws `insufficient_stock`
   * naming the first movement (in variant order) that none of them served.
   */
  changesOfTaking(
    movements: readonly StockMovement[],
    taken: readonly StockItemJson[],
  ): ModelChange[] {
    return changesOfTaking(this.ids, movements, taken);
  }

  /** `insufficient_stock` naming the variant. */
  insufficient(variantId: string): StoreError {
    return insufficientStock(this.ids, variantId);
  }
}

/** Compares two bigint keys given as decimal text. */
export function compareKeys(a: string, b: string): number {
  const [x, y] = [BigInt(a), BigInt(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
