import { type ActionContext, shipmentAdjustment } from './action-context.js';
import type { Adjustment } from './types.js';

/** What is left of every shipment's cost. */
export function freeShipping({ cart, ledger }: ActionContext): Adjustment[] {
  return cart.shipments.map((shipment) =>
    shipmentAdjustment(shipment.id, ledger.shipmentRemaining(shipment.id)),
  );
}
