import { Module } from '@nestjs/common';
import { GeographyModule } from '../geography/index.js';
import { AdminDeliveryMethodsController } from './admin/admin-delivery-methods.controller.js';
import { AdminDeliveryMethodsService } from './admin/admin-delivery-methods.service.js';
import { DeliveryMethodSerializer } from './admin/delivery-method.serializer.js';

/** Delivery methods and their calculators: which methods serve an order, at what cost. */
@Module({
  imports: [GeographyModule],
  controllers: [AdminDeliveryMethodsController],
  providers: [AdminDeliveryMethodsService, DeliveryMethodSerializer],
})
export class ShippingModule {}
