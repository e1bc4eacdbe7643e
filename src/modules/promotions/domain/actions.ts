import type { ActionContext } from './action-context.js';
import { buyXGetY } from './buy-x-get-y.js';
import { freeShipping } from './free-shipping.js';
import { lineDiscount } from './line-discount.js';
import { orderDiscount } from './order-discount.js';
import type { Adjustment, PromotionAction } from './types.js';

/** The discounts an action asks for on the cart as it is left; the ledger caps and records them. */
export function requestedAdjustments(
  action: PromotionAction,
  context: ActionContext,
): Adjustment[] {
  switch (action.type) {
    case 'order_percent':
    case 'order_fixed':
      return orderDiscount(action, context);
    case 'line_percent':
    case 'line_fixed':
      return lineDiscount(action, context);
    case 'free_shipping':
      return freeShipping(context);
    case 'buy_x_get_y':
      return buyXGetY(action, context);
  }
}
