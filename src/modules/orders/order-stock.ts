import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { ModelChange } from '../../events/index.js';
import { type StockMovement, StockLedger } from '../catalog/index.js';
import type { LineSnapshot } from './order-snapshot.js';

/** A stock item a placing took units from, as its `stock_item.updated` event renders it. */
export interface TakenStockItem {
  id: string;
  stockLocationId: string;
  variantId: string;
  countOnHand: number;
  backorderable: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The `WITH` clauses that take an order's units from stock in one statement, as the ledger's
 * `take` does one variant at a time: each tracked line (variant `variants[i]`, `quantities[i]`
 * units: SQL expressions of a bigint[] and an int[]) takes them from the first active location
 * (default first) that holds them or backorders the variant, with a conditional update that
 * re-checks that once the row is locked, so concurrent checkouts never oversell. The rows are
 * locked in id order, so two placings never wait on each other's rows. `taken` answers the
 * variant and the stock item after the change; a tracked line without a row there fell short.
 */
export function takeStockSql(
  variants: string,
  quantities: string,
  storeId: string,
  when: string,
): string {
  return `
  wanted AS (
    SELECT w.variant_id, w.quantity FROM unnest(${variants}, ${quantities}) AS w(variant_id, quantity)
    WHERE ${when}),
  picked AS (
    SELECT w.variant_id, w.quantity, (
        SELECT si.id FROM stock_items si
        JOIN stock_locations sl ON sl.id = si.stock_location_id AND sl.active
        WHERE si.store_id = ${storeId} AND si.variant_id = w.variant_id
          AND (si.backorderable OR si.count_on_hand >= w.quantity)
        ORDER BY sl.is_default DESC, sl.id LIMIT 1) AS item_id
    FROM wanted w),
  locked_stock AS (
    SELECT si.id FROM stock_items si WHERE si.id = ANY(ARRAY(SELECT item_id FROM picked))
    ORDER BY si.id FOR UPDATE),
  taken AS (
    UPDATE stock_items si SET count_on_hand = si.count_on_hand - p.quantity, updated_at = now()
    FROM picked p
    WHERE si.id = p.item_id AND si.id = ANY(ARRAY(SELECT id FROM locked_stock))
      AND (si.backorderable OR si.count_on_hand >= p.quantity)
    RETURNING si.id::text AS id, si.stock_location_id::text AS "stockLocationId",
      si.variant_id::text AS "variantId", si.count_on_hand AS "countOnHand", si.backorderable,
      si.created_at AS "createdAt", si.updated_at AS "updatedAt")`;
}

/** As `takeStockSql`'s stock items arrive in a JSON column: timestamps as text. */
export type TakenStockJson = Omit<TakenStockItem, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

/**
 * An order's units leave stock when it is placed (see `takeStockSql`) and come back when it is
 * canceled (only lines of variants that track inventory), through the catalog's stock ledger.
 */
@Injectable()
export class OrderStock {
  constructor(
    private readonly ledger: StockLedger,
    private readonly ids: PublicIdCodec,
  ) {}

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
    taken: readonly TakenStockJson[],
  ): ModelChange[] {
    const byVariant = new Map(taken.map((item) => [item.variantId, item]));
    const short = movements.find((movement) => !byVariant.has(movement.variantId));
    if (short) throw this.insufficient(short.variantId);
    return movements.map((movement) => {
      const item = byVariant.get(movement.variantId)!;
      const record: TakenStockItem = {
        ...item,
        createdAt: new Date(item.createdAt),
        updatedAt: new Date(item.updatedAt),
      };
      return { model: 'stock_item', action: 'updated', record };
    });
  }

  /** `insufficient_stock` naming the variant. */
  insufficient(variantId: string): StoreError {
    return new StoreError('insufficient_stock', 'An item of the order is no longer in stock', {
      variant_id: [this.ids.encode(ID_PREFIX.variant, variantId)],
    });
  }

  async restock(manager: EntityManager, storeId: string, orderId: string): Promise<void> {
    const lines: StockMovement[] = await manager.query(
      `SELECT li.variant_id::text AS "variantId", li.quantity FROM line_items li
       JOIN variants v ON v.id = li.variant_id
       WHERE li.order_id = $1 AND v.track_inventory ORDER BY li.variant_id`,
      [orderId],
    );
    await this.ledger.restock(manager, storeId, lines);
  }
}

/** Compares two bigint keys given as decimal text. */
export function compareKeys(a: string, b: string): number {
  const [x, y] = [BigInt(a), BigInt(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
