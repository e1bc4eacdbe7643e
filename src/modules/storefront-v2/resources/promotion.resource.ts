import type { OrderView } from '../../orders/index.js';
import type { ResourceNode } from '../json-api/resource.js';

type Discount = OrderView['discounts'][number];

/**
 * A promotion applied to a cart, as Spree's v2 `promotion` resource shows it: the promotion's id,
 * what it took off the cart (≤ 0) and the code it came with (null for an automatic one).
 */
export function promotionResource(discount: Discount): ResourceNode {
  return {
    type: 'promotion',
    id: discount.promotion_id,
    attributes: {
      name: discount.name,
      description: discount.description,
      amount: discount.amount,
      display_amount: discount.display_amount,
      code: discount.code,
    },
  };
}
