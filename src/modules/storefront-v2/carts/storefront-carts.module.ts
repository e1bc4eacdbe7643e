import { Module } from '@nestjs/common';
import { MarketsModule } from '../../markets/index.js';
import { OrdersModule } from '../../orders/index.js';
import { CartDocuments } from '../resources/cart-documents.js';
import { StorefrontCartController } from './storefront-cart.controller.js';
import { StorefrontCartCouponsController } from './storefront-cart-coupons.controller.js';
import { StorefrontCartResolver } from './storefront-cart-resolver.js';
import { StorefrontCheckout } from './storefront-checkout.service.js';
import { StorefrontCheckoutController } from './storefront-checkout.controller.js';
import { ShippingEstimates } from './shipping-estimates.js';
import { StorefrontShippingEstimatesController } from './storefront-shipping-estimates.controller.js';

/** Storefront v2 cart and checkout routes. */
@Module({
  imports: [OrdersModule, MarketsModule],
  controllers: [
    StorefrontCartController,
    StorefrontCartCouponsController,
    StorefrontCheckoutController,
    StorefrontShippingEstimatesController,
  ],
  providers: [StorefrontCartResolver, StorefrontCheckout, CartDocuments, ShippingEstimates],
  exports: [CartDocuments, StorefrontCartResolver],
})
export class StorefrontCartsModule {}
