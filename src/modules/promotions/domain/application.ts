import { Money } from '../../../common/money/money.js';
import { requestedAdjustments } from './actions.js';
import type { DiscountLedger } from './ledger.js';
import type { Adjustment, CartLine, CartSnapshot, PromotionDefinition } from './types.js';

/**
 * Applies every action of an eligible promotion in turn, each to what the ledger has left, and
 * records them there. Answers one adjustment per line or shipment it discounted, in cart order.
 */
export function applyPromotion(
  promotion: PromotionDefinition,
  matchingLines: readonly CartLine[],
  cart: CartSnapshot,
  ledger: DiscountLedger,
): Adjustment[] {
  const context = { cart, matchingLines, ledger };
  const taken = promotion.actions.flatMap((action) =>
    ledger.apply(requestedAdjustments(action, context)),
  );
  const inCartOrder = [
    ...cart.lines.map(({ id }) => ['line_item', id] as const),
    ...cart.shipments.map(({ id }) => ['shipment', id] as const),
  ];
  return inCartOrder.flatMap(([adjustableType, adjustableId]) => {
    const parts = taken.filter(
      (part) => part.adjustableType === adjustableType && part.adjustableId === adjustableId,
    );
    if (parts.length === 0) return [];
    const amount = Money.sum(
      parts.map((part) => part.amount),
      cart.currency,
    );
    return [{ adjustableType, adjustableId, amount }];
  });
}
