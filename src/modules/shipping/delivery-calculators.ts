import { Money } from '../../common/money/money.js';
import type { DeliveryCalculator } from './delivery-method.entity.js';

/** The pricing of a delivery method, as stored on it. */
export interface DeliveryPricing {
  calculator: DeliveryCalculator;
  amount: string;
  /** Only for `free_over_amount`; without it the shipment is never free. */
  minimumAmount: string | null;
}

/** What a shipment contributes to its price: the value of its items and how many units. */
export interface ShipmentContents {
  itemTotal: string;
  quantity: number;
}

/**
 * The cost of sending one shipment with a delivery method, rounded to the currency:
 * `flat_rate` charges the amount once, `per_item` once per unit, and `free_over_amount` charges
 * the amount unless the shipment's item total reaches the minimum (reaching it exactly is free).
 */
export function deliveryCost(
  method: DeliveryPricing,
  shipment: ShipmentContents,
  currency: string,
): string {
  if (!Number.isInteger(shipment.quantity) || shipment.quantity < 0) {
    throw new RangeError('Shipment quantity must be a non-negative integer');
  }
  const amount = Money.of(method.amount, currency);
  return costFor(method, shipment, amount).round().toString();
}

function costFor(method: DeliveryPricing, shipment: ShipmentContents, amount: Money): Money {
  switch (method.calculator) {
    case 'flat_rate':
      return amount;
    case 'per_item':
      return amount.times(shipment.quantity);
    case 'free_over_amount':
      return reachesMinimum(shipment.itemTotal, method.minimumAmount, amount.currency)
        ? Money.zero(amount.currency)
        : amount;
  }
}

function reachesMinimum(itemTotal: string, minimumAmount: string | null, currency: string) {
  return minimumAmount !== null && Money.of(itemTotal, currency).compare(minimumAmount) >= 0;
}
