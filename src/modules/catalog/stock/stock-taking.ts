import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import type { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { ModelChange } from '../../../events/index.js';
import type { StockItemRecord } from '../stock-item.serializer.js';

/** Units of one variant leaving or returning to stock. */
export interface StockMovement {
  variantId: string;
  quantity: number;
}

/** Why stock moved, as each movement it leaves records it. */
/** What units leave with or come back from: an order, one of its shipments, a customer return. */
export type StockOriginatorType = 'order' | 'shipment' | 'customer_return';

export interface StockCause {
  action: 'sale' | 'cancel' | 'return';
  /** What the units left with or came back from, and its key. */
  originatorType: StockOriginatorType;
  originatorId: string;
  /** The order's number, or what staff wrote. */
  reason: string | null;
}

/** A cause as SQL expressions, for a statement that works its parts out itself. */
export interface StockCauseSql {
  action: string;
  originatorType: string;
  originatorId: string;
  reason: string;
}

/** The stock item columns a change answers, as `StockItemRecord` (timestamps as text in JSON). */
export const STOCK_ITEM_COLUMNS = (alias: string) => `${alias}.id::text AS id,
  ${alias}.stock_location_id::text AS "stockLocationId", ${alias}.variant_id::text AS "variantId",
  ${alias}.count_on_hand AS "countOnHand", ${alias}.backorderable,
  ${alias}.created_at AS "createdAt", ${alias}.updated_at AS "updatedAt"`;

/** A stock item as a statement's JSON column carries it: timestamps as text. */
export type StockItemJson = Omit<StockItemRecord, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

/**
 * The `WITH` clauses that take units from stock in one statement, and record a movement for each
 * stock item they leave (one multi-row insert): each wanted variant (`variants[i]`,
 * `quantities[i]` units: SQL expressions of a bigint[] and an int[], kept where `when` holds)
 * takes them from the first active location (default first) that holds them or backorders the
 * variant, with a conditional update that re-checks that once the row is locked, so concurrent
 * takers never oversell. Rows are locked in id order, so two takers never wait on each other's
 * rows. `taken` answers the stock items after the change; a variant without a row there fell
 * short. The one rule for which location a unit comes from.
 */
export function takeStockSql(
  variants: string,
  quantities: string,
  storeId: string,
  when: string,
  cause: StockCauseSql,
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
    RETURNING ${STOCK_ITEM_COLUMNS('si')}, p.quantity AS moved),
  taken_movements AS (
    INSERT INTO stock_movements (store_id, stock_item_id, action, quantity, count_on_hand, reason,
      originator_type, originator_id)
    SELECT ${storeId}, t.id::bigint, ${cause.action}, -t.moved, t."countOnHand", ${cause.reason},
      ${cause.originatorType}, ${cause.originatorId}
    FROM taken t ORDER BY t.id::bigint)`;
}

/** `insufficient_stock` naming the variant. */
export function insufficientStock(ids: PublicIdCodec, variantId: string): StoreError {
  return new StoreError('insufficient_stock', 'An item of the order is no longer in stock', {
    variant_id: [ids.encode(ID_PREFIX.variant, variantId)],
  });
}

/** A stock item from a statement's JSON column. */
export function stockItemOf({ createdAt, updatedAt, ...item }: StockItemJson): StockItemRecord {
  return { ...item, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) };
}

/**
 * `stock_item.updated` for each item `takeStockSql` took units from, in the movements' order;
 * throws `insufficient_stock` naming the first movement none of them served.
 */
export function changesOfTaking(
  ids: PublicIdCodec,
  movements: readonly StockMovement[],
  taken: readonly StockItemJson[],
): ModelChange[] {
  const byVariant = new Map(taken.map((item) => [item.variantId, item]));
  const short = movements.find((movement) => !byVariant.has(movement.variantId));
  if (short) throw insufficientStock(ids, short.variantId);
  return movements.map((movement) => {
    const { moved: _moved, ...item } = byVariant.get(movement.variantId)! as StockItemJson & {
      moved?: number;
    };
    return { model: 'stock_item', action: 'updated', record: stockItemOf(item) };
  });
}
