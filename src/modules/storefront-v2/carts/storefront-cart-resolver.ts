import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import { type CartCaller, CartFinder } from '../../orders/index.js';

/**
 * Which cart a v2 request is about: v2 routes name none, so it is the one the order token opens,
 * else the signed-in customer's current cart. Without either, 401; with one that opens no cart,
 * 404 `cart_not_found` (also for an order already placed, unless `allowPlaced`).
 */
@Injectable()
export class StorefrontCartResolver {
  constructor(private readonly finder: CartFinder) {}

  async cartId(caller: CartCaller, options: { allowPlaced?: boolean } = {}): Promise<string> {
    if (caller.cartToken === null && caller.customerId === null) {
      throw new StoreError(
        'authentication_required',
        'An order token (X-Store-Order-Token) or a customer token (Authorization: Bearer) is required',
      );
    }
    const found = await this.finder.find(caller);
    if (!found || (found.orderId !== null && !options.allowPlaced)) {
      throw new StoreError('cart_not_found', 'There is no cart for this token');
    }
    return found.cartId;
  }
}
