import { Module } from '@nestjs/common';
import { ShipmentPlanner } from './shipment-planner.js';

/** Delivery methods and their calculators: how an order's shipments are planned and priced. */
@Module({
  providers: [ShipmentPlanner],
  exports: [ShipmentPlanner],
})
export class ShippingModule {}
