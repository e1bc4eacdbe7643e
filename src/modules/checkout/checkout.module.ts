import { Module } from '@nestjs/common';
import { PaymentGateways } from './payments/payment-gateways.js';
import { ShipmentPlanner } from './shipping/shipment-planner.js';
import { TaxRateLookup } from './tax/tax-rate-lookup.js';

/** Shipping, tax and payment providers the order flow is built from. */
@Module({
  providers: [ShipmentPlanner, TaxRateLookup, PaymentGateways],
  exports: [ShipmentPlanner, TaxRateLookup, PaymentGateways],
})
export class CheckoutModule {}
