import { Injectable } from '@nestjs/common';
import { CartTokens } from '../cart-tokens.js';
import type { Order } from '../entities/order.entity.js';
import { OrderSerializer, type OrderView } from '../order.serializer.js';
import type { OrderContext } from '../order-snapshot.js';
import { orderTokenMatches } from '../order-tokens.js';
import type { CartCaller } from './cart-caller.js';

/** Who a cart is rendered for: a caller, or its creator with the token just issued. */
export type CartAudience = CartCaller | { issuedToken: string };

/**
 * Renders a cart for its owner, with its token: the one just issued, the one the caller
 * presented, or for the signed-in customer who owns it the sealed copy (see `CartTokens`).
 */
@Injectable()
export class CartPresenter {
  constructor(
    private readonly serializer: OrderSerializer,
    private readonly tokens: CartTokens,
  ) {}

  async present(context: OrderContext, audience: CartAudience): Promise<OrderView> {
    const view = await this.serializer.render(context);
    const token = this.tokenFor(context.order, audience);
    if (token === null) return view;
    // The token right after the number; the spread (cheaper than a rest copy of so many keys)
    // writes id and number again, where they already are.
    const fields: Record<string, unknown> = view;
    return { id: view.id, number: view.number, token, ...fields } as OrderView;
  }

  private tokenFor(order: Order, audience: CartAudience): string | null {
    if ('issuedToken' in audience) return audience.issuedToken;
    if (audience.cartToken !== null && orderTokenMatches(order.tokenDigest, audience.cartToken)) {
      return audience.cartToken;
    }
    if (audience.customerId !== null && audience.customerId === order.customerId) {
      return this.tokens.reveal(order);
    }
    return null;
  }
}
