import { Module } from '@nestjs/common';
import { OrdersModule } from '../../orders/index.js';
import { CartDocuments } from '../resources/cart-documents.js';
import { StorefrontCartController } from './storefront-cart.controller.js';
import { StorefrontCartCouponsController } from './storefront-cart-coupons.controller.js';
import { StorefrontCartResolver } from './storefront-cart-resolver.js';
import { StorefrontCheckout } from './storefront-checkout.service.js';
import { StorefrontCheckoutController } from './storefront-checkout.controller.js';

/** Storefront v2 cart and checkout routes. */
@Module({
  imports: [OrdersModule],
  controllers: [
    StorefrontCartController,
    StorefrontCartCouponsController,
    StorefrontCheckoutController,
  ],
  providers: [StorefrontCartResolver, StorefrontCheckout, CartDocuments],
  exports: [CartDocuments, StorefrontCartResolver],
})
export class StorefrontCartsModule {}
