import { Money } from '../../../common/money/money.js';
import { lineAmount } from './amounts.js';
import type { DiscountLedger } from './ledger.js';
import type { CartSnapshot, PromotionOutcome } from './types.js';

type DiscountTotals = Omit<PromotionOutcome, 'applied' | 'notApplied'>;

/** Every line's and shipment's discount once the ledger holds all applied promotions. */
export function discountTotals(cart: CartSnapshot, ledger: DiscountLedger): DiscountTotals {
  const lines = cart.lines.map((line) => {
    const amount = lineAmount(line);
    const discountedAmount = ledger.lineRemaining(line.id);
    return { lineId: line.id, amount, discount: amount.minus(discountedAmount), discountedAmount };
  });
  const shipments = cart.shipments.map((shipment) => {
    const cost = shipment.cost.round();
    const discountedCost = ledger.shipmentRemaining(shipment.id);
    return { shipmentId: shipment.id, cost, discount: cost.minus(discountedCost), discountedCost };
  });
  const sumOf = (items: readonly { discount: Money }[]) =>
    Money.sum(
      items.map(({ discount }) => discount),
      cart.currency,
    );
  const itemDiscountTotal = sumOf(lines);
  const shippingDiscountTotal = sumOf(shipments);
  return {
    lines,
    shipments,
    itemDiscountTotal,
    shippingDiscountTotal,
    discountTotal: itemDiscountTotal.plus(shippingDiscountTotal),
  };
}
