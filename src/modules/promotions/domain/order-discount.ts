import { Money } from '../../../common/money/money.js';
import { type ActionContext, lineAdjustment } from './action-context.js';
import { allocateProportionally } from './allocation.js';
import { percentOf, requiredAmountIn } from './amounts.js';
import type { Adjustment, OrderFixedAction, OrderPercentAction } from './types.js';

/**
 * An amount off the whole item total (what earlier promotions left of it), rounded to the currency
 * and spread over every line in proportion to what is left of each, so that lines are taxed on
 * their discounted amounts and the parts add up to the order discount exactly.
 */
export function orderDiscount(
  action: OrderPercentAction | OrderFixedAction,
  { cart, ledger }: ActionContext,
): Adjustment[] {
  const left = cart.lines.map((line) => ledger.lineRemaining(line.id));
  const discount =
    action.type === 'order_percent'
      ? percentOf(Money.sum(left, cart.currency), action.percent).round()
      : requiredAmountIn(action.amount, cart.currency);
  return allocateProportionally(discount, left).map((amount, index) =>
    lineAdjustment(cart.lines[index].id, amount),
  );
}
