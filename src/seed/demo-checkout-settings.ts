import type { EntityManager } from 'typeorm';
import { PaymentMethod } from '../modules/payments/index.js';
import { DeliveryMethod } from '../modules/shipping/index.js';
import { TaxRate } from '../modules/taxes/index.js';
import type { Zone } from '../modules/geography/index.js';

/**
 * Delivery methods, tax rates and payment methods of the demo store, so that a full checkout
 * works out of the box:
 * - US: Standard $5.00 per shipment (free from $75.00), Express $2.50 per item; 8% sales tax added.
 * - EU: Standard €6.00 per shipment, or $15.00 for USD carts; 20% VAT included in prices and
 *   charged on shipping.
 * - Payments: the test card gateway, check, store credit.
 */
export async function seedCheckoutSettings(
  manager: EntityManager,
  storeId: string,
  zones: { us: Zone; eu: Zone },
): Promise<void> {
  await manager.save(DeliveryMethod, [
    {
      storeId,
      name: 'Standard',
      zones: [zones.us],
      calculator: 'free_over_amount',
      currency: 'USD',
      amount: '5.00',
      minimumAmount: '75.00',
      position: 1,
    },
    {
      storeId,
      name: 'Express',
      zones: [zones.us],
      calculator: 'per_item',
      currency: 'USD',
      amount: '2.50',
      position: 2,
    },
    {
      storeId,
      name: 'EU Standard',
      zones: [zones.eu],
      calculator: 'flat_rate',
      currency: 'EUR',
      amount: '6.00',
      taxCategory: 'default',
      position: 3,
    },
    {
      storeId,
      name: 'International',
      zones: [zones.eu],
      calculator: 'flat_rate',
      currency: 'USD',
      amount: '15.00',
      position: 4,
    },
  ]);
  await manager.insert(TaxRate, [
    { storeId, name: 'Sales tax', zoneId: zones.us.id, rate: '0.08', includedInPrice: false },
    { storeId, name: 'VAT', zoneId: zones.eu.id, rate: '0.2', includedInPrice: true },
  ]);
  await manager.insert(PaymentMethod, [
    {
      storeId,
      name: 'Credit card',
      type: 'test_card',
      description: 'Test card gateway: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined',
      position: 1,
    },
    { storeId, name: 'Check', type: 'check', description: 'Pay by check', position: 2 },
    { storeId, name: 'Store credit', type: 'store_credit', description: null, position: 3 },
  ]);
}
