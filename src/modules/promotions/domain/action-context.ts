import type { Money } from '../../../common/money/money.js';
import type { DiscountLedger } from './ledger.js';
import type { Adjustment, CartLine, CartSnapshot } from './types.js';

/** What an action reads: the cart, the lines its promotion targets and what is left to discount. */
export interface ActionContext {
  cart: CartSnapshot;
  matchingLines: readonly CartLine[];
  ledger: DiscountLedger;
}

export function lineAdjustment(lineId: string, amount: Money): Adjustment {
  return { adjustableType: 'line_item', adjustableId: lineId, amount };
}

export function shipmentAdjustment(shipmentId: string, amount: Money): Adjustment {
  return { adjustableType: 'shipment', adjustableId: shipmentId, amount };
}
