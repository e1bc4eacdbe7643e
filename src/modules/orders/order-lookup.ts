import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { CartCaller } from './carts/cart-caller.js';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { Order } from './entities/order.entity.js';
import { orderTokenMatches } from './order-tokens.js';

/**
 * The condition for the order `alias` by primary key (`id`) within its store (`store`). The store
 * is compared as an expression (`+ 0`) so that only the primary key can serve the lookup: on a
 * table the planner has no statistics for (a new install, a server without autovacuum) the
 * store's list indexes, which end in `id`, tie with it, and a generic plan cached then walks the
 * store's whole list at every lookup as orders accumulate.
 */
export function orderByIdInStore(alias: string, id = '$1', store = '$2'): string {
  return `${alias}.id = ${id} AND ${alias}.store_id + 0 = ${store}`;
}

/** Placed orders are no longer carts. */
export const PLACED_STATES = new Set(['complete', 'canceled', 'returned']);

export function isPlaced(order: Order): boolean {
  return order.completedAt !== null || PLACED_STATES.has(order.state);
}

/**
 * Which order a request is about, and whether its caller may have it: `admit` answers the order
 * or throws the not-found error of its API (also when the row is missing: `null`). Reads admit
 * what they read; an order change admits the order it claimed (see `OrderChanges`).
 */
export interface OrderTarget {
  storeId: string;
  /** The internal id; undefined when the public id did not decode. */
  id: string | undefined;
  admit(order: Order | null): Order;
}

/** Finding carts and orders, always within one store and, for shoppers, only their own. */
@Injectable()
export class OrderLookup {
  constructor(private readonly ids: PublicIdCodec) {}

  /**
   * The caller's cart by `cart_…` id: owned through the signed-in customer or the cart token.
   * Anything else, including another store's cart, is `cart_not_found`.
   */
  cart(caller: CartCaller, publicId: string, options: { allowPlaced?: boolean } = {}): OrderTarget {
    return {
      storeId: caller.store.storeId,
      id: this.ids.decode(ID_PREFIX.cart, publicId),
      admit: (order) => {
        if (!order || !owns(caller, order) || (isPlaced(order) && !options.allowPlaced)) {
          throw new StoreError('cart_not_found', 'The cart does not exist or is not yours');
        }
        return order;
      },
    };
  }

  /** The caller's placed order by `or_…` id; otherwise `order_not_found`. */
  placedOrder(caller: CartCaller, publicId: string): OrderTarget {
    return {
      storeId: caller.store.storeId,
      id: this.ids.decode(ID_PREFIX.order, publicId),
      admit: (order) => {
        if (!order || !owns(caller, order) || !isPlaced(order)) {
          throw new StoreError('order_not_found', 'The order does not exist or is not yours');
        }
        return order;
      },
    };
  }

  /** Any order or cart of the store by `or_…` id (Admin API); otherwise `record_not_found`. */
  inStore(storeId: string, publicId: string): OrderTarget {
    return {
      storeId,
      id: this.ids.decode(ID_PREFIX.order, publicId),
      admit: (order) => {
        if (!order) throw StoreError.notFound('order');
        return order;
      },
    };
  }

  /** Reads the target's order, as its caller may have it. */
  async read(manager: EntityManager, target: OrderTarget): Promise<Order> {
    return target.admit(target.id ? await this.readRow(manager, target.storeId, target.id) : null);
  }

  cartOf(manager: EntityManager, caller: CartCaller, publicId: string): Promise<Order> {
    return this.read(manager, this.cart(caller, publicId));
  }

  /** Every request on an order starts here, hence a prepared statement rather than `findOneBy`. */
  private async readRow(
    manager: EntityManager,
    storeId: string,
    id: string,
  ): Promise<Order | null> {
    const {
      rows: [row],
    } = await preparedIn<Record<string, unknown>>(
      manager,
      'order_in_store',
      `SELECT ${entityColumns(manager, Order, 'order')} FROM orders "order"
       WHERE ${orderByIdInStore('"order"')}`,
      [id, storeId],
    );
    return row ? entityFromRow(manager, Order, row) : null;
  }
}

function owns(caller: CartCaller, order: Order): boolean {
  const ownsAsCustomer = caller.customerId !== null && order.customerId === caller.customerId;
  return (
    ownsAsCustomer ||
    (caller.cartToken !== null && orderTokenMatches(order.tokenDigest, caller.cartToken))
  );
}
