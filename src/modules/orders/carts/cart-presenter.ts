import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Order } from '../entities/order.entity.js';
import { OrderSerializer, type OrderView } from '../order.serializer.js';
import { OrderSnapshots } from '../order-snapshot.js';
import { orderTokenMatches } from '../order-tokens.js';
import type { CartCaller } from './cart-caller.js';

/** Renders a cart for the shopper who asked, echoing the cart token only to whoever holds it. */
@Injectable()
export class CartPresenter {
  constructor(
    private readonly snapshots: OrderSnapshots,
    private readonly serializer: OrderSerializer,
  ) {}

  async present(
    manager: EntityManager,
    order: Order,
    caller: CartCaller | { issuedToken: string },
  ): Promise<OrderView> {
    const token =
      'issuedToken' in caller
        ? caller.issuedToken
        : caller.cartToken !== null && orderTokenMatches(order.tokenDigest, caller.cartToken)
          ? caller.cartToken
          : undefined;
    return this.serializer.serialize(await this.snapshots.load(manager, order), { token });
  }
}
