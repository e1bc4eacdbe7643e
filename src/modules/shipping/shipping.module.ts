import { Module } from '@nestjs/common';
import { DeliveryOptions } from './delivery-options.js';

/** Delivery methods and their calculators: which methods serve an order, at what cost. */
@Module({
  providers: [DeliveryOptions],
  exports: [DeliveryOptions],
})
export class ShippingModule {}
