import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { ModelEvents } from '../../events/index.js';
import type { StockItemRecord } from './stock-item.serializer.js';
import { type CountChange, MAX_STOCK_COUNT } from './stock/stock-count-change.js';

const STOCK_ITEM_COLUMNS = `id::text AS id, stock_location_id::text AS "stockLocationId",
  variant_id::text AS "variantId", count_on_hand AS "countOnHand", backorderable,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Units of one variant leaving or returning to stock. */
export interface StockMovement {
  variantId: string;
  quantity: number;
}

/** A stock item after a change of its count, and by how much it changed. */
export interface ChangedStockItem {
  item: StockItemRecord;
  quantity: number;
}

/**
 * The one writer of stock counts: units leave stock when an order is placed and come back when
 * it is canceled, each change published as `stock_item.updated` in the caller's transaction.
 */
@Injectable()
export class StockLedger {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly events: ModelEvents,
  ) {}

  /**
   * Takes units with conditional updates: a unit is taken only where it still exists (or may be
   * backordered), so concurrent checkouts can never oversell (`insufficient_stock`). Give the
   * movements in variant order, so that two callers never wait on each other's rows.
   */
  async take(manager: EntityManager, storeId: string, movements: StockMovement[]): Promise<void> {
    for (const { variantId, quantity } of movements) {
      const [rows]: [StockItemRecord[], number] = await manager.query(
        `UPDATE stock_items SET count_on_hand = count_on_hand - $2, updated_at = now()
         WHERE id = (
             SELECT si.id FROM stock_items si
             JOIN stock_locations sl ON sl.id = si.stock_location_id AND sl.active
             WHERE si.store_id = $3 AND si.variant_id = $1
               AND (si.backorderable OR si.count_on_hand >= $2)
             ORDER BY sl.is_default DESC, sl.id LIMIT 1)
           AND (backorderable OR count_on_hand >= $2)
         RETURNING ${STOCK_ITEM_COLUMNS}`,
        [variantId, quantity, storeId],
      );
      if (rows.length === 0) {
        throw new StoreError('insufficient_stock', 'An item of the order is no longer in stock', {
          variant_id: [this.ids.encode(ID_PREFIX.variant, variantId)],
        });
      }
      await this.events.updated({ manager, storeId }, 'stock_item', rows[0]);
    }
  }

  /** Returns units to the first active location that holds the variant. */
  async restock(
    manager: EntityManager,
    storeId: string,
    movements: StockMovement[],
  ): Promise<void> {
    for (const { variantId, quantity } of movements) {
      const [rows]: [StockItemRecord[], number] = await manager.query(
        `UPDATE stock_items SET count_on_hand = count_on_hand + $2, updated_at = now()
         WHERE id = (
           SELECT si.id FROM stock_items si
           JOIN stock_locations sl ON sl.id = si.stock_location_id AND sl.active
           WHERE si.store_id = $3 AND si.variant_id = $1
           ORDER BY sl.is_default DESC, sl.id LIMIT 1)
         RETURNING ${STOCK_ITEM_COLUMNS}`,
        [variantId, quantity, storeId],
      );
      if (rows.length > 0) await this.events.updated({ manager, storeId }, 'stock_item', rows[0]);
    }
  }

  /**
   * Changes one stock item's count (and `backorderable`, when given) with one conditional update:
   * the count stays at or above zero unless the item is (or becomes) backorderable, so a change
   * racing a checkout's `take` neither oversells nor loses either update. A `set` locks the row
   * first to learn its delta. Undefined when the item (of the store) may not take the change.
   */
  async change(
    manager: EntityManager,
    storeId: string,
    itemId: string,
    count: CountChange | undefined,
    backorderable?: boolean,
  ): Promise<ChangedStockItem | undefined> {
    let delta = count?.action === 'adjust' ? count.delta : 0;
    if (count?.action === 'set') {
      const [locked]: { countOnHand: number }[] = await manager.query(
        `SELECT count_on_hand AS "countOnHand" FROM stock_items
         WHERE id = $1 AND store_id = $2 FOR UPDATE`,
        [itemId, storeId],
      );
      if (!locked) return undefined;
      delta = count.count - locked.countOnHand;
    }
    const [rows]: [StockItemRecord[], number] = await manager.query(
      `UPDATE stock_items SET count_on_hand = count_on_hand + $3,
         backorderable = COALESCE($4, backorderable), updated_at = now()
       WHERE id = $1 AND store_id = $2
         AND (count_on_hand::bigint + $3 >= 0 OR COALESCE($4, backorderable))
         AND abs(count_on_hand::bigint + $3) <= $5
       RETURNING ${STOCK_ITEM_COLUMNS}`,
      [itemId, storeId, delta, backorderable ?? null, MAX_STOCK_COUNT],
    );
    if (rows.length === 0) return undefined;
    await this.events.updated({ manager, storeId }, 'stock_item', rows[0]);
    return { item: rows[0], quantity: delta };
  }
}
