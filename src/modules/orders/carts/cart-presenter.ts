import { Injectable } from '@nestjs/common';
import { OrderSerializer, type OrderView } from '../order.serializer.js';
import { type OrderContext, OrderSnapshots } from '../order-snapshot.js';
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
    context: OrderContext,
    caller: CartCaller | { issuedToken: string },
  ): Promise<OrderView> {
    const { order } = context;
    const token =
      'issuedToken' in caller
        ? caller.issuedToken
        : caller.cartToken !== null && orderTokenMatches(order.tokenDigest, caller.cartToken)
          ? caller.cartToken
          : undefined;
    return this.serializer.serialize(await this.snapshots.loadRendered(context), { token });
  }
}
