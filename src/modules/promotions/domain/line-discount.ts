import { type ActionContext, lineAdjustment } from './action-context.js';
import { assertPositiveInteger, percentOf, requiredAmountIn } from './amounts.js';
import type { Adjustment, CartLine, LineFixedAction, LinePercentAction } from './types.js';

/**
 * A percentage or an amount off each matching line, or off each of its units, at most
 * `maxQuantity` units of a line when set. A percentage applies to what earlier promotions left of
 * the line; each line's discount is rounded on its own and never exceeds what is left.
 */
export function lineDiscount(
  action: LinePercentAction | LineFixedAction,
  { cart, matchingLines, ledger }: ActionContext,
): Adjustment[] {
  return matchingLines.map((line) => {
    const units = discountedUnits(line, action.maxQuantity);
    const left = ledger.lineRemaining(line.id);
    if (action.type === 'line_percent') {
      return lineAdjustment(
        line.id,
        percentOf(left.times(units).dividedBy(line.quantity), action.percent).round(),
      );
    }
    const amount = requiredAmountIn(action.amount, cart.currency);
    return lineAdjustment(line.id, action.per === 'unit' ? amount.times(units) : amount);
  });
}

function discountedUnits(line: CartLine, maxQuantity: number | undefined): number {
  if (maxQuantity === undefined) return line.quantity;
  return Math.min(line.quantity, assertPositiveInteger(maxQuantity, 'maxQuantity'));
}
