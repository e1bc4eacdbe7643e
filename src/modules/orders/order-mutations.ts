import { Injectable } from '@nestjs/common';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import type { Order } from './entities/order.entity.js';
import { openClaimSlot, takeClaim } from './order-claim.js';
import { OrderEvents } from './order-events.js';
import { isPlaced } from './order-lookup.js';
import {
  type OrderContext,
  type OrderParts,
  type OrderPartsRow,
  type OrderSnapshot,
  orderPartsOf,
  PARTS_OF_ORDER,
} from './order-snapshot.js';

/**
 * The transaction of one state-changing operation on one order. Its `order` is as read, with
 * `stateLockVersion` already the new, claimed version.
 */
export interface OrderTransaction extends OrderContext {
  /** Set by work that deletes the order (an abandoned cart): the order just before it went. */
  removed?: OrderSnapshot;
}

/**
 * Runs every state-changing order operation: one transaction that claims the next
 * `state_lock_version`, as the order is looked up (see `order-claim.ts`) or, when a concurrent
 * writer holds it, with a conditional update. Whoever changed the order since it was read wins;
 * this caller gets 409. A client that sends the version it read gets 409 when it is stale.
 * What the operation changed is published in the same transaction (see `OrderEvents`).
 */
@Injectable()
export class OrderMutations {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: OrderEvents,
  ) {}

  run<T>(
    find: (manager: EntityManager) => Promise<Order>,
    expectedVersion: number | undefined,
    work: (transaction: OrderTransaction) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      openClaimSlot(manager);
      const order = await find(manager);
      const claim = takeClaim(manager);
      let before: OrderParts;
      if (claim) {
        if (claim.order !== order) {
          throw new Error(`Order ${claim.order.id} was claimed but ${order.id} was found`);
        }
        ensureVersion(order, expectedVersion, order.stateLockVersion - 1);
        before = claim.before;
      } else {
        before = await this.claim(manager, order, expectedVersion);
      }
      const transaction: OrderTransaction = { manager, order };
      const result = await work(transaction);
      if (transaction.removed) await this.events.deleted(transaction, transaction.removed);
      else await this.events.changed(transaction, before);
      return result;
    });
  }

  /**
   * Claims an order the lookup read without claiming it (a concurrent writer held it): the
   * conditional update fails if that writer changed it. Answers its parts as they were.
   */
  private async claim(
    manager: EntityManager,
    order: Order,
    expectedVersion: number | undefined,
  ): Promise<OrderParts> {
    ensureVersion(order, expectedVersion, order.stateLockVersion);
    const { rows } = await preparedIn<OrderPartsRow & { updated_at: Date }>(
      manager,
      'order_claim',
      `WITH claimed AS (
         UPDATE orders SET state_lock_version = state_lock_version + 1, updated_at = now()
         WHERE id = $1 AND state_lock_version = $3 RETURNING updated_at)
       SELECT claimed.updated_at, parts.* FROM claimed CROSS JOIN (${PARTS_OF_ORDER}) parts`,
      [order.id, order.shipAddressId !== null, order.stateLockVersion],
    );
    if (rows.length === 0) throw conflict(order, 'The order was changed by another request');
    order.stateLockVersion += 1;
    order.updatedAt = rows[0].updated_at;
    return orderPartsOf(rows[0]);
  }
}

/** 409 when the client sent the version it read and the order was at `read` since. */
function ensureVersion(order: Order, expected: number | undefined, read: number): void {
  if (expected !== undefined && expected !== read) {
    throw conflict(order, 'The order changed since that version was read', {
      state_lock_version: read,
    });
  }
}

function conflict(order: Order, message: string, details?: Record<string, unknown>): StoreError {
  return new StoreError(
    isPlaced(order) ? 'order_already_updated' : 'cart_already_updated',
    `${message}; fetch it again and retry`,
    details,
  );
}
