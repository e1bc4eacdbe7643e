import { Injectable } from '@nestjs/common';
import { OrderSerializer, type OrderView } from '../order.serializer.js';
import type { OrderContext } from '../order-snapshot.js';
import { orderTokenMatches } from '../order-tokens.js';
import type { CartCaller } from './cart-caller.js';

/** Renders a cart for the shopper who asked, echoing the cart token only to whoever holds it. */
@Injectable()
export class CartPresenter {
  constructor(private readonly serializer: OrderSerializer) {}

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
    const view = await this.serializer.render(context);
    if (token === undefined) return view;
    const { id, number, ...rest } = view;
    return { id, number, token, ...rest };
  }
}
