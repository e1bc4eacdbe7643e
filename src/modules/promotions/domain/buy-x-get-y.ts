import { type ActionContext, lineAdjustment } from './action-context.js';
import { assertPositiveInteger, percentOf } from './amounts.js';
import type { Adjustment, BuyXGetYAction } from './types.js';

/**
 * For every `buyQuantity + getQuantity` matching units, discounts `getQuantity` of them, the
 * cheapest first (by what is left of their unit price; on a tie the earlier line), so the shopper
 * pays for the dearer ones.
 */
export function buyXGetY(
  action: BuyXGetYAction,
  { matchingLines, ledger }: ActionContext,
): Adjustment[] {
  const buy = assertPositiveInteger(action.buyQuantity, 'buyQuantity');
  const get = assertPositiveInteger(action.getQuantity, 'getQuantity');
  const units = matchingLines.reduce((sum, line) => sum + line.quantity, 0);
  let toDiscount = Math.floor(units / (buy + get)) * get;

  const candidates = matchingLines.map((line) => ({ line, left: ledger.lineRemaining(line.id) }));
  const unitPrice = ({ line, left }: (typeof candidates)[number]) => left.dividedBy(line.quantity);
  // Array.prototype.sort is stable: equal unit prices keep the lines' order.
  const cheapestFirst = [...candidates].sort((a, b) => unitPrice(a).compare(unitPrice(b)));
  const discountedUnits = new Map<string, number>();
  for (const { line } of cheapestFirst) {
    const taken = Math.min(toDiscount, line.quantity);
    discountedUnits.set(line.id, taken);
    toDiscount -= taken;
  }

  return candidates.map(({ line, left }) =>
    lineAdjustment(
      line.id,
      percentOf(
        left.times(discountedUnits.get(line.id) ?? 0).dividedBy(line.quantity),
        action.percent ?? '100',
      ).round(),
    ),
  );
}
