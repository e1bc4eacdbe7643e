import { StoreError } from '../../../common/errors/store-error.js';
import { isPlaced, type OrderTarget } from '../order-lookup.js';

/** `target` admitting only a draft or cart: once placed, 422 `cart_invalid_state` naming `what`. */
export function draftTarget(target: OrderTarget, what: string): OrderTarget {
  return {
    ...target,
    admit: (found) => {
      const order = target.admit(found);
      if (isPlaced(order)) {
        throw new StoreError(
          'cart_invalid_state',
          `A ${order.state} order's ${what} can no longer change`,
          { state: order.state },
        );
      }
      return order;
    },
  };
}
