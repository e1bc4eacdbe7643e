import type { EntityManager } from 'typeorm';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { Order } from './entities/order.entity.js';
import { orderByIdInStore } from './order-lookup.js';
import {
  type OrderParts,
  type OrderPartsRow,
  orderPartsOf,
  orderPartsSql,
  partsOfOrder,
} from './order-snapshot.js';

/** An order claimed for a change: its row with the new `state_lock_version`, and its parts before. */
export interface OrderClaim {
  order: Order;
  before: OrderParts;
}

/**
 * Claims an order that no concurrent writer holds, in one statement: the row is locked, given
 * its next `state_lock_version` and read with its parts as they were, where a read followed by a
 * conditional update would take two. Undefined when the order is missing or locked by another
 * transaction: that one is skipped rather than waited for (see `claimAsRead`), unless `wait`
 * (a settling change that must follow a gateway call it already made: it waits for the lock).
 */
export async function claimFree(
  manager: EntityManager,
  storeId: string,
  id: string,
  wait = false,
): Promise<OrderClaim | undefined> {
  const {
    rows: [row],
  } = await preparedIn<Record<string, unknown> & OrderPartsRow>(
    manager,
    wait ? 'order_claim_waiting' : 'order_claim_free',
    `WITH target AS (
       SELECT id FROM orders WHERE ${orderByIdInStore('orders')} FOR UPDATE${wait ? '' : ' SKIP LOCKED'}),
     claimed AS (
       UPDATE orders "order"
       SET state_lock_version = "order".state_lock_version + 1, updated_at = now()
       FROM target WHERE "order".id = target.id
       RETURNING ${entityColumns(manager, Order, 'order')})
     SELECT claimed.*, parts.* FROM claimed
     CROSS JOIN LATERAL (${orderPartsSql('claimed."id"', 'claimed."shipAddressId" IS NOT NULL')}) parts`,
    [id, storeId],
  );
  if (!row) return undefined;
  const { lines, shipments, payments, discounts, ...columns } = row;
  return {
    order: entityFromRow(manager, Order, columns),
    before: orderPartsOf({ lines, shipments, payments, discounts }),
  };
}

/**
 * Claims an order as it was read, with a conditional update that fails (undefined) if anyone
 * changed it since: whoever did wins, as optimistic locking wants. A row still locked means a
 * change in progress that will win: `NOWAIT` raises a lock error (55P03) rather than waiting for
 * it. Bumps `order` in place.
 */
export async function claimAsRead(
  manager: EntityManager,
  order: Order,
): Promise<OrderParts | undefined> {
  const parts = partsOfOrder({ shipments: order.shipAddressId !== null });
  const { rows } = await preparedIn<OrderPartsRow & { updated_at: Date }>(
    manager,
    `order_claim_as_read_${parts.variant}`,
    `WITH target AS (
       SELECT id FROM orders WHERE id = $1 AND state_lock_version = $2 FOR UPDATE NOWAIT),
     claimed AS (
       UPDATE orders SET state_lock_version = state_lock_version + 1, updated_at = now()
       FROM target WHERE orders.id = target.id RETURNING updated_at)
     SELECT claimed.updated_at, parts.* FROM claimed CROSS JOIN (${parts.sql}) parts`,
    [order.id, order.stateLockVersion],
  );
  if (rows.length === 0) return undefined;
  order.stateLockVersion += 1;
  order.updatedAt = rows[0].updated_at;
  return orderPartsOf(rows[0]);
}
