import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { ModelEvents } from '../../events/index.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import type { Principal } from '../auth/index.js';
import { StockItem } from './stock-item.entity.js';
import type { StockItemRecord } from './stock-item.serializer.js';
import { StockMovements } from './stock/stock-movements.js';
import { type CountChange, MAX_STOCK_COUNT } from './stock/stock-count-change.js';
import {
  changesOfTaking,
  STOCK_ITEM_COLUMNS,
  type StockCause,
  type StockItemJson,
  type StockMovement,
  stockItemOf,
  takeStockSql,
} from './stock/stock-taking.js';

export type { StockCause, StockMovement } from './stock/stock-taking.js';

/** A stock item after a change of its count, and by how much it changed. */
export interface ChangedStockItem {
  item: StockItemRecord;
  quantity: number;
}

/** Staff changing a count by hand: who, and why (their movement's reason). */
export interface StaffCause {
  caller: Principal;
  reason: string | undefined;
}

/** A new stock item: the variant at a location, with its opening count. */
export interface NewStockItem {
  stockLocationId: string;
  variantId: string;
  countOnHand: number;
  backorderable: boolean;
}

/** The cause's parts as parameters `$4`..`$7` of a ledger statement. */
const CAUSE_PARAMETERS = {
  action: '$4::text',
  originatorType: '$5::text',
  originatorId: '$6::bigint',
  reason: '$7::text',
};

const causeValues = (cause: StockCause) => [
  cause.action,
  cause.originatorType,
  cause.originatorId,
  cause.reason,
];

/**
 * The one writer of stock counts. Units leave stock when an order is placed (the placing
 * statement embeds `takeStockSql`) or a fulfillment resumes, and come back when an order or a
 * fulfillment is canceled or units are returned; staff set and adjust counts. Every change leaves
 * a movement (`stock_movements`: by how much, the count it left, and its cause), so a stock item's
 * movements add up to its count, and is published as `stock_item.updated`, in the caller's
 * transaction.
 */
@Injectable()
export class StockLedger {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly events: ModelEvents,
    private readonly movements: StockMovements,
  ) {}

  /**
   * Makes a stock item (`stock_item.created`) with its opening count, recorded as a `create`
   * movement unless it is zero.
   */
  async open(
    manager: EntityManager,
    storeId: string,
    fields: NewStockItem,
    by: StaffCause,
  ): Promise<StockItem> {
    const item = await manager.save(manager.create(StockItem, { storeId, ...fields }));
    await this.events.created({ manager, storeId }, item);
    if (item.countOnHand !== 0) {
      await this.movements.record(
        manager,
        { storeId, caller: by.caller, action: 'create', reason: by.reason },
        { item, quantity: item.countOnHand },
      );
    }
    return item;
  }

  /**
   * Takes units, all in one statement, by the rule of `takeStockSql`: a unit is taken only where
   * it still exists (or may be backordered), so concurrent takers never oversell
   * (`insufficient_stock` naming the first variant short, and the transaction is to be undone).
   * Answers the stock items units were taken from (none for a variant whose stock is not counted).
   */
  async take(
    manager: EntityManager,
    storeId: string,
    movements: readonly StockMovement[],
    cause: StockCause,
  ): Promise<StockItemRecord[]> {
    if (movements.length === 0) return [];
    const {
      rows: [{ taken }],
    } = await preparedIn<{ taken: StockItemJson[] }>(
      manager,
      'stock_ledger_take',
      `WITH ${takeStockSql('$1::bigint[]', '$2::int[]', '$3::bigint', 'true', CAUSE_PARAMETERS)}
       SELECT COALESCE(json_agg(taken), '[]') AS taken FROM taken`,
      [...this.arrays(movements), storeId, ...causeValues(cause)],
    );
    await this.events.publishChanges(
      { manager, storeId },
      changesOfTaking(this.ids, movements, taken),
    );
    return taken.map(stockItemOf);
  }

  /**
   * Gives units back, all in one statement: to `locationId` when given (its stock item of the
   * variant made if it has none; 404 `record_not_found` when the location is not the store's),
   * otherwise to the first active location (default first) that holds the variant.
   */
  async giveBack(
    manager: EntityManager,
    storeId: string,
    movements: readonly StockMovement[],
    cause: StockCause,
    locationId?: string,
  ): Promise<void> {
    if (movements.length === 0) return;
    const [variants, quantities] = this.arrays(movements);
    if (locationId !== undefined) {
      const [known]: unknown[] = await manager.query(
        'SELECT 1 FROM stock_locations WHERE id = $1 AND store_id = $2',
        [locationId, storeId],
      );
      if (known === undefined) throw StoreError.notFound('stock location');
      await manager.query(
        `INSERT INTO stock_items (store_id, stock_location_id, variant_id)
         SELECT $1, $2, v.variant_id FROM unnest($3::bigint[]) AS v(variant_id)
         ON CONFLICT (stock_location_id, variant_id) DO NOTHING`,
        [storeId, locationId, variants],
      );
    }
    const {
      rows: [{ given }],
    } = await preparedIn<{ given: StockItemJson[] }>(
      manager,
      'stock_ledger_give_back',
      `WITH picked AS (
         SELECT w.variant_id, w.quantity, (
             SELECT si.id FROM stock_items si
             JOIN stock_locations sl ON sl.id = si.stock_location_id
             WHERE si.store_id = $3 AND si.variant_id = w.variant_id
               AND CASE WHEN $8::bigint IS NULL THEN sl.active ELSE sl.id = $8::bigint END
             ORDER BY sl.is_default DESC, sl.id LIMIT 1) AS item_id
         FROM unnest($1::bigint[], $2::int[]) AS w(variant_id, quantity)),
       given AS (
         UPDATE stock_items si SET count_on_hand = si.count_on_hand + p.quantity,
           updated_at = now()
         FROM picked p WHERE si.id = p.item_id
         RETURNING ${STOCK_ITEM_COLUMNS('si')}, p.quantity AS moved),
       recorded AS (
         INSERT INTO stock_movements (store_id, stock_item_id, action, quantity, count_on_hand,
           reason, originator_type, originator_id)
         SELECT $3, g.id::bigint, ${CAUSE_PARAMETERS.action}, g.moved, g."countOnHand",
           ${CAUSE_PARAMETERS.reason}, ${CAUSE_PARAMETERS.originatorType},
           ${CAUSE_PARAMETERS.originatorId}
         FROM given g ORDER BY g.id::bigint)
       SELECT COALESCE(json_agg(given ORDER BY given.id::bigint), '[]') AS given FROM given`,
      [variants, quantities, storeId, ...causeValues(cause), locationId ?? null],
    );
    await this.events.publishChanges(
      { manager, storeId },
      given.map(({ moved: _moved, ...item }: StockItemJson & { moved?: number }) => ({
        model: 'stock_item',
        action: 'updated',
        record: stockItemOf(item),
      })),
    );
  }

  /**
   * Changes one stock item's count (and `backorderable`, when given) with one conditional update:
   * the count stays at or above zero unless the item is (or becomes) backorderable, so a change
   * racing a checkout's `take` neither oversells nor loses either update. A `set` locks the row
   * first to learn its delta. Undefined when the item (of the store) may not take the change. A
   * count changed is recorded as staff's `set` or `adjust` movement (`by`).
   */
  async change(
    manager: EntityManager,
    storeId: string,
    itemId: string,
    count: CountChange | undefined,
    backorderable?: boolean,
    by?: StaffCause,
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
       RETURNING ${STOCK_ITEM_COLUMNS('stock_items')}`,
      [itemId, storeId, delta, backorderable ?? null, MAX_STOCK_COUNT],
    );
    if (rows.length === 0) return undefined;
    await this.events.updated({ manager, storeId }, 'stock_item', rows[0]);
    const changed = { item: rows[0], quantity: delta };
    if (count && by) {
      await this.movements.record(
        manager,
        { storeId, caller: by.caller, action: count.action, reason: by.reason },
        changed,
      );
    }
    return changed;
  }

  /** The movements as the arrays a statement takes: variants, quantities. */
  private arrays(movements: readonly StockMovement[]): [string[], number[]] {
    return [
      movements.map((movement) => movement.variantId),
      movements.map((movement) => movement.quantity),
    ];
  }
}
