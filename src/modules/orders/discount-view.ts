import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import type { PublicIdCodec } from '../../common/ids/public-id.js';
import { amountFields } from '../../common/money/amount-fields.js';
import { Money } from '../../common/money/money.js';
import type { DiscountSnapshot } from './order-snapshot.js';

/** One promotion's discount on an order, as the v3 `discounts` list shows it (amount ≤ 0). */
export interface DiscountView {
  /** The promotion's id: an order has one discount per promotion. */
  id: string;
  promotion_id: string;
  name: string;
  description: string | null;
  /** The code it came with (as stored: lower case); null for an automatic promotion. */
  code: string | null;
  amount: string;
  display_amount: string;
}

export function discountView(
  ids: PublicIdCodec,
  discount: DiscountSnapshot,
  currency: string,
): DiscountView {
  const promotionId = ids.encode(ID_PREFIX.promotion, discount.promotion_id);
  return {
    id: promotionId,
    promotion_id: promotionId,
    name: discount.name,
    description: discount.description,
    code: discount.code,
    ...(amountFields('amount', Money.of(discount.amount, currency)) as {
      amount: string;
      display_amount: string;
    }),
  };
}
