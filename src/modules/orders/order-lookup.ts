import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { CartCaller } from './carts/cart-caller.js';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { Order } from './entities/order.entity.js';
import { claimIfOpen } from './order-claim.js';
import { orderTokenMatches } from './order-tokens.js';

/** Placed orders are no longer carts. */
export const PLACED_STATES = new Set(['complete', 'canceled', 'returned']);

export function isPlaced(order: Order): boolean {
  return order.completedAt !== null || PLACED_STATES.has(order.state);
}

/** Finding carts and orders, always within one store and, for shoppers, only their own. */
@Injectable()
export class OrderLookup {
  constructor(private readonly ids: PublicIdCodec) {}

  /**
   * The caller's cart by `cart_…` id: owned through the signed-in customer or the cart token.
   * Anything else, including another store's cart, is `cart_not_found`.
   */
  async cartOf(
    manager: EntityManager,
    caller: CartCaller,
    publicId: string,
    options: { allowPlaced?: boolean } = {},
  ): Promise<Order> {
    const order = await this.ownedBy(manager, caller, this.ids.decode(ID_PREFIX.cart, publicId));
    if (!order || (isPlaced(order) && !options.allowPlaced)) {
      throw new StoreError('cart_not_found', 'The cart does not exist or is not yours');
    }
    return order;
  }

  /** The caller's placed order by `or_…` id; otherwise `order_not_found`. */
  async placedOrderOf(
    manager: EntityManager,
    caller: CartCaller,
    publicId: string,
  ): Promise<Order> {
    const order = await this.ownedBy(manager, caller, this.ids.decode(ID_PREFIX.order, publicId));
    if (!order || !isPlaced(order)) {
      throw new StoreError('order_not_found', 'The order does not exist or is not yours');
    }
    return order;
  }

  /** Any order or cart of the store by `or_…` id (Admin API); otherwise `record_not_found`. */
  async inStore(manager: EntityManager, storeId: string, publicId: string): Promise<Order> {
    const id = this.ids.decode(ID_PREFIX.order, publicId);
    const order = id ? await this.inStoreById(manager, storeId, id) : null;
    if (!order) throw StoreError.notFound('order');
    return order;
  }

  private async ownedBy(
    manager: EntityManager,
    caller: CartCaller,
    id: string | undefined,
  ): Promise<Order | null> {
    if (!id) return null;
    const order = await this.inStoreById(manager, caller.store.storeId, id);
    if (!order) return null;
    const ownsAsCustomer = caller.customerId !== null && order.customerId === caller.customerId;
    const ownsByToken =
      caller.cartToken !== null && orderTokenMatches(order.tokenDigest, caller.cartToken);
    return ownsAsCustomer || ownsByToken ? order : null;
  }

  /**
   * Every request on an order starts here, hence a prepared statement rather than `findOneBy`;
   * inside `OrderMutations.run` the read also claims the order (see `claimIfOpen`).
   */
  private async inStoreById(
    manager: EntityManager,
    storeId: string,
    id: string,
  ): Promise<Order | null> {
    const claimed = await claimIfOpen(manager, storeId, id);
    if (claimed) return claimed;
    const {
      rows: [row],
    } = await preparedIn<Record<string, unknown>>(
      manager,
      'order_in_store',
      `SELECT ${entityColumns(manager, Order, 'order')} FROM orders "order"
       WHERE "order".id = $1 AND "order".store_id = $2`,
      [id, storeId],
    );
    return row ? entityFromRow(manager, Order, row) : null;
  }
}
