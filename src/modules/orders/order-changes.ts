import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { commitWithEvents } from '../../events/index.js';
import {
  isTransientTransactionError,
  isUniqueViolationOf,
} from '../../platform/database/database-errors.js';
import type { Order } from './entities/order.entity.js';
import { OrderChange } from './order-change.js';
import { claimAsRead, claimFree } from './order-claim.js';
import { NO_PARTS, OrderEvents } from './order-events.js';
import { flushPendingOrderWrites } from './order-recalculation-writes.js';
import { isPlaced, OrderLookup, type OrderTarget } from './order-lookup.js';
import { ORDER_NUMBER_KEY } from './new-order-row.js';

/** Changes a new order is tried in before a number collision is given up on. */
const NUMBER_ATTEMPTS = 5;

/**
 * Runs every state-changing order operation as one change around an `OrderChange`:
 * claim the order (its next `state_lock_version`), let the work change it, publish what changed.
 * Whoever changed the order since it was read wins; this caller gets 409. A client that sends
 * the version it read (`expectedVersion`) gets 409 when it is stale.
 */
@Injectable()
export class OrderChanges {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
    private readonly events: OrderEvents,
  ) {}

  run<T>(
    target: OrderTarget,
    expectedVersion: number | undefined,
    work: (change: OrderChange) => Promise<T>,
    wait = false,
  ): Promise<T> {
    let claimed: Order | undefined;
    return this.dataSource
      .transaction(async (manager) => {
        const change = await this.claim(manager, target, expectedVersion, wait, (order) => {
          claimed = order;
        });
        const result = await work(change);
        await flushPendingOrderWrites(manager, change.order);
        if (!change.deferred) {
          commitWithEvents(manager);
          await this.events.publish(change);
        }
        return result;
      })
      .catch((error: unknown) => {
        // A lock held by, or a deadlock or serialization failure with, a concurrent change of
        // the order: that change wins, as with any conflict. Not retried: the work may have
        // called a payment gateway.
        if (claimed && isTransientTransactionError(error)) {
          throw conflict(claimed, 'The order was changed by another request');
        }
        throw error;
      });
  }

  /**
   * A change that settles what a gateway call already did: it waits for the order's row rather
   * than losing to a concurrent change (which holds it only briefly), and checks no version.
   */
  settle<T>(target: OrderTarget, work: (change: OrderChange) => Promise<T>): Promise<T> {
    return this.run(target, undefined, work, true);
  }

  /**
   * Reads the order for a claim that does not change it (a gateway operation's), sharing its row
   * until the claim commits: a change under way holds it, and wins (409, not waited for), as does
   * a version the client sent that the order is no longer at.
   */
  async read(
    manager: EntityManager,
    target: OrderTarget,
    expectedVersion: number | undefined,
  ): Promise<Order> {
    const held = target.id ? await this.shareRow(manager, target.id) : true;
    const order = await this.lookup.read(manager, target);
    if (!held) throw conflict(order, 'The order was changed by another request');
    ensureVersion(order, expectedVersion, order.stateLockVersion);
    return order;
  }

  /** Shares the order's row unless a change holds it (false), in a savepoint it may fail in. */
  private async shareRow(manager: EntityManager, id: string): Promise<boolean> {
    await manager.query('SAVEPOINT order_share');
    try {
      await manager.query('SELECT 1 FROM orders WHERE id = $1 FOR SHARE NOWAIT', [id]);
      await manager.query('RELEASE SAVEPOINT order_share');
      return true;
    } catch (error) {
      if (!isTransientTransactionError(error)) throw error;
      await manager.query('ROLLBACK TO SAVEPOINT order_share');
      return false;
    }
  }

  /**
   * A new order's unit of work: `insert` writes its row, the work fills it, `order.created`. An
   * order number the store already has (a random one drawn twice) fails the change, which is
   * then run again from the start, under a new number.
   */
  async create<T>(
    insert: (manager: EntityManager) => Promise<Order>,
    work: (change: OrderChange) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction(async (manager) => {
          const change = new OrderChange(manager, await insert(manager), NO_PARTS);
          const result = await work(change);
          await flushPendingOrderWrites(manager, change.order);
          commitWithEvents(manager);
          await this.events.publish(change, 'created');
          return result;
        });
      } catch (error) {
        if (attempt === NUMBER_ATTEMPTS || !isUniqueViolationOf(error, ORDER_NUMBER_KEY))
          throw error;
      }
    }
  }

  /**
   * One statement claims an order no one else holds. One held by a concurrent writer (or
   * missing) is read instead, and claimed by a conditional update that fails if that writer
   * changed it.
   */
  private async claim(
    manager: EntityManager,
    target: OrderTarget,
    expectedVersion: number | undefined,
    wait: boolean,
    found: (order: Order) => void,
  ): Promise<OrderChange> {
    const free = target.id ? await claimFree(manager, target.storeId, target.id, wait) : undefined;
    if (free) {
      const order = target.admit(free.order);
      found(order);
      ensureVersion(order, expectedVersion, order.stateLockVersion - 1);
      return new OrderChange(manager, order, free.before);
    }
    const order = await this.lookup.read(manager, target);
    found(order);
    ensureVersion(order, expectedVersion, order.stateLockVersion);
    const before = await claimAsRead(manager, order);
    if (!before) throw conflict(order, 'The order was changed by another request');
    return new OrderChange(manager, order, before);
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

/** The conflict code of the order's API: a cart's, or a placed order's. */
export function conflict(
  order: Order,
  message: string,
  details?: Record<string, unknown>,
): StoreError {
  return new StoreError(
    isPlaced(order) ? 'order_already_updated' : 'cart_already_updated',
    `${message}; fetch it again and retry`,
    details,
  );
}
