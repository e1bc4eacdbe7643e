import type { Money } from '../../../common/money/money.js';
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
  if (taken.length === 0) return taken;
  const adjustments: Adjustment[] = [];
  const collect = (adjustableType: Adjustment['adjustableType'], adjustableId: string) => {
    let amount: Money | undefined;
    for (const part of taken) {
      if (part.adjustableType === adjustableType && part.adjustableId === adjustableId) {
        amount = amount ? amount.plus(part.amount) : part.amount;
      }
    }
    if (amount) adjustments.push({ adjustableType, adjustableId, amount });
  };
  for (const line of cart.lines) collect('line_item', line.id);
  for (const shipment of cart.shipments) collect('shipment', shipment.id);
  return adjustments;
}
