import type { EntityManager } from 'typeorm';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { Order } from './entities/order.entity.js';
import {
  type OrderParts,
  type OrderPartsRow,
  orderPartsOf,
  orderPartsSql,
} from './order-snapshot.js';

/** An order claimed for a change: its row with the new `state_lock_version`, and its parts before. */
export interface OrderClaim {
  order: Order;
  before: OrderParts;
}

interface ClaimSlot {
  claim?: OrderClaim;
}

const SLOT = 'store:order-claim';

/**
 * Claiming an order as it is looked up. `OrderMutations.run` opens a slot on its transaction; the
 * first order `OrderLookup` finds in it is then read, locked, given its next `state_lock_version`
 * and read with its parts in one statement, where a read followed by a conditional update would
 * take two. An order a concurrent writer holds is skipped rather than waited for: the lookup reads
 * it plainly and the mutation's conditional update then fails (409), as optimistic locking wants.
 */
export function openClaimSlot(manager: EntityManager): void {
  slots(manager)[SLOT] = {};
}

/** Takes (and forgets) the claim made since `openClaimSlot`, if any. */
export function takeClaim(manager: EntityManager): OrderClaim | undefined {
  const data = slots(manager);
  const claim = data[SLOT]?.claim;
  delete data[SLOT];
  return claim;
}

/**
 * Claims the order if the transaction has an open slot that holds no claim yet; undefined
 * otherwise, and when the order is missing or locked by a concurrent writer.
 */
export async function claimIfOpen(
  manager: EntityManager,
  storeId: string,
  id: string,
): Promise<Order | undefined> {
  const slot = manager.queryRunner ? slots(manager)[SLOT] : undefined;
  if (!slot || slot.claim) return undefined;
  const {
    rows: [row],
  } = await preparedIn<Record<string, unknown> & OrderPartsRow>(
    manager,
    'order_claim_on_lookup',
    `WITH target AS (
       SELECT id FROM orders WHERE id = $1 AND store_id = $2 FOR UPDATE SKIP LOCKED),
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
  const { lines, shipments, payments, ...columns } = row;
  slot.claim = {
    order: entityFromRow(manager, Order, columns),
    before: orderPartsOf({ lines, shipments, payments }),
  };
  return slot.claim.order;
}

function slots(manager: EntityManager): Record<string, ClaimSlot | undefined> {
  if (!manager.queryRunner) throw new Error('An order claim needs a transaction');
  return manager.queryRunner.data as Record<string, ClaimSlot | undefined>;
}
