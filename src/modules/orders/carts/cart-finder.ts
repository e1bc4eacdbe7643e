import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { orderTokenDigest } from '../order-tokens.js';
import { PLACED_STATES } from '../order-lookup.js';
import type { CartCaller } from './cart-caller.js';

/** A cart or order found for a caller that named it by token or by being signed in. */
export interface FoundOrder {
  /** The row's `cart_…` id (what cart operations take, also once it is placed). */
  cartId: string;
  /** Its `or_…` id once placed, else null. */
  orderId: string | null;
}

/**
 * Finds the order a caller means without naming its id, as the v2 storefront's callers do: the
 * one their order token opens, or else the signed-in customer's most recently changed cart.
 */
@Injectable()
export class CartFinder {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
  ) {}

  async find(caller: CartCaller): Promise<FoundOrder | undefined> {
    const rows: { id: string; placed: boolean }[] =
      caller.cartToken !== null
        ? await this.dataSource.query(
            `SELECT id::text AS id, (completed_at IS NOT NULL OR state = ANY($3)) AS placed
             FROM orders WHERE token_digest = $1 AND store_id = $2`,
            [orderTokenDigest(caller.cartToken), caller.store.storeId, [...PLACED_STATES]],
          )
        : caller.customerId !== null
          ? await this.dataSource.query(
              `SELECT id::text AS id, false AS placed FROM orders
               WHERE customer_id = $1 AND store_id = $2 AND completed_at IS NULL
                 AND NOT (state = ANY($3))
               ORDER BY updated_at DESC, id DESC LIMIT 1`,
              [caller.customerId, caller.store.storeId, [...PLACED_STATES]],
            )
          : [];
    const [row] = rows;
    if (!row) return undefined;
    return {
      cartId: this.ids.encode(ID_PREFIX.cart, row.id),
      orderId: row.placed ? this.ids.encode(ID_PREFIX.order, row.id) : null,
    };
  }
}
